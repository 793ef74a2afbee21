import type { Page } from '@playwright/test'
import { indexableSeedArticles, seedArticles, seedDocument } from '../support/seed-content'
import { expect, test } from './fixtures'

/**
 * /blog and the article pages, in all four projects: the search, the chips
 * and the pagination are GET forms and links, so every step here runs the
 * same with JavaScript on and off. Expected titles come from the seed.
 */
const listed = indexableSeedArticles()
const titleOf = (slug: string) => seedArticles().find((article) => article.slug.current === slug)!.title
const grid = (page: Page) => page.getByRole('list').filter({ has: page.getByRole('article') })
// h3 under the featured article or the results heading, h2 on a later page where nothing precedes them.
const gridTitles = (page: Page) => grid(page).getByRole('heading')

test.describe('/blog', () => {
  test('@desktop @nojs features the newest article, lists six more and pages to the rest', async ({ page }) => {
    const blog = seedDocument('blogPage')
    await page.goto('/blog')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.hero.title)
    await expect(page.getByRole('navigation', { name: 'Você está em' })).toHaveText(/Início\s*›\s*Blog/)
    await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', 'Buscar artigos...')
    const chips = page.getByRole('navigation', { name: blog.listing!.categoriesLabel })
    await expect(chips.getByRole('link')).toHaveText([
      'Todos',
      'IA',
      'Automação',
      'Tráfego Pago',
      'Estratégia',
      'E-commerce',
      'Ferramentas',
      'Redes Sociais',
      'SEO',
      'Social Commerce',
    ])

    const featured = page.getByRole('article').filter({ hasText: 'Em Destaque' })
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText(listed[0]!.title)
    await expect(gridTitles(page)).toHaveText(listed.slice(1, 7).map((article) => article.title))

    const pages = page.getByRole('navigation', { name: blog.listing!.paginationLabel })
    await expect(pages.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page')
    await pages.getByRole('link', { name: 'Próxima' }).click()
    await expect(page).toHaveURL(/\/blog\?pagina=2$/)
    await expect(gridTitles(page)).toHaveText(listed.slice(7).map((article) => article.title))
    await expect(page.getByText('Em Destaque')).toHaveCount(0)
    await expect(pages.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page')
    await expect(pages.getByRole('link', { name: 'Próxima' })).toHaveCount(0)
  })

  test('@desktop the search really searches, keeps the category, and says when nothing matches', async ({ page }) => {
    await page.goto('/blog')
    await page.getByRole('searchbox').fill('tiktok')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/\/blog\?q=tiktok$/)
    await expect(page.getByRole('heading', { name: /Artigos encontrados \(\d+\)/ })).toBeVisible()
    const titles = await gridTitles(page).allTextContents()
    expect(titles).toContain(titleOf('tiktok-shop-brasil-2025'))
    expect(titles).not.toContain(titleOf('gohighlevel-brasil-2025'))

    await page.getByRole('link', { name: 'Social Commerce' }).click()
    await expect(page).toHaveURL(/\/blog\?q=tiktok&categoria=social-commerce$/)
    await expect(gridTitles(page)).toHaveText([titleOf('tiktok-shop-brasil-2025')])

    await page.getByRole('searchbox').fill('xyzzy inexistente')
    await page.getByRole('button', { name: 'Buscar' }).click()
    await expect(page).toHaveURL(/q=xyzzy\+inexistente&categoria=social-commerce/)
    await expect(page.getByRole('heading', { name: 'Nenhum artigo encontrado' })).toBeVisible()
    await page.getByRole('link', { name: 'Ver todos os artigos' }).click()
    await expect(page).toHaveURL(/\/blog$/)
  })

  test('@desktop a category chip filters through the URL and marks itself', async ({ page }) => {
    await page.goto('/blog')
    await page.getByRole('link', { name: 'IA', exact: true }).click()
    await expect(page).toHaveURL(/\/blog\?categoria=ia$/)
    await expect(page.getByRole('link', { name: 'IA', exact: true })).toHaveAttribute('aria-current', 'page')
    const expected = listed.filter((article) => article.category._ref === 'category-ia').map((article) => article.title)
    expect(expected.length).toBeGreaterThan(1)
    await expect(gridTitles(page)).toHaveText(expected)

    // Tráfego Pago has only articles in development: the empty state.
    await page.getByRole('link', { name: 'Tráfego Pago', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Nenhum artigo encontrado' })).toBeVisible()
  })

  test('@desktop @nojs a page past the last one is a 404', async ({ page, allowNotFound }) => {
    allowNotFound('/blog?pagina=9')
    allowNotFound('/blog?pagina=abc')
    expect((await page.goto('/blog?pagina=9'))?.status()).toBe(404)
    expect((await page.goto('/blog?pagina=abc'))?.status()).toBe(404)
  })
})

test.describe('article pages', () => {
  test('@desktop @nojs an article: header, table of contents to its sections, FAQ, call to action, share links, neighbours and related', async ({ page }) => {
    await page.goto('/blog/7-automacoes')
    const title = titleOf('7-automacoes')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('navigation', { name: 'Você está em' })).toHaveText(
      new RegExp(`Início\\s*›\\s*Blog\\s*›\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    )
    await expect(page.getByText(/\d+ min de leitura/).first()).toBeVisible()
    await expect(page.getByText('Camila Rocha')).toBeVisible()
    await expect(page.getByText('Head de automação')).toBeVisible()

    const toc = page.getByRole('navigation', { name: 'Neste artigo' })
    await expect(toc.getByRole('link')).toHaveCount(7)
    const first = toc.getByRole('link').first()
    const target = (await first.getAttribute('href'))!
    await first.click()
    await expect(page).toHaveURL(new RegExp(`${target}$`))
    await expect(page.locator(`h2[id="${target.slice(1)}"]`)).toBeInViewport()

    const faq = page.getByRole('region', { name: 'Perguntas frequentes' })
    await expect(faq.locator('details')).toHaveCount(3)
    await faq.locator('summary').first().click()
    await expect(faq.locator('details').first()).toHaveAttribute('open', '')

    await expect(page.getByRole('link', { name: 'Falar com Especialista' })).toHaveAttribute('href', '/contato')
    // The shared URL is the canonical one (SITE_URL), whatever host served the page.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toMatch(/\/blog\/7-automacoes$/)
    const url = encodeURIComponent(canonical!)
    await expect(page.getByRole('link', { name: 'Compartilhar no LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    )
    await expect(page.getByRole('link', { name: 'Compartilhar no X' })).toHaveAttribute(
      'href',
      new RegExp(`url=${url.replace(/[.*+?^${}()|[\]\\%]/g, '\\$&')}&text=`),
    )
    await expect(page.getByRole('link', { name: 'Compartilhar no Facebook' })).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('link', { name: 'Enviar por e-mail' })).toHaveAttribute('href', /^mailto:\?subject=/)
    await expect(page.getByRole('link', { name: /Artigo anterior/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /Próximo artigo/ })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Artigos relacionados' }).getByRole('heading', { level: 3 })).toHaveCount(3)
  })

  test("@desktop the spec's navigation from the AI visibility article", async ({ page }) => {
    await page.goto('/blog/ai-search-visibility-seo-2025')
    await expect(page.getByRole('link', { name: /Artigo anterior/ })).toHaveAttribute('href', '/blog/geo-otimizacao-ia')
    await page.getByRole('link', { name: /Próximo artigo/ }).click()
    await expect(page).toHaveURL(/\/blog\/ia-revolucionando-marketing$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('ia-revolucionando-marketing'))
  })

  test("@desktop @js a link in an article's body goes to the site's page in the page, as the menus' links do", async ({ page }) => {
    await page.goto('/blog/7-automacoes')
    // A mark on this document: a full page load would drop it.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))
    await page.locator('article').getByRole('link', { name: 'melhores CRMs para PMEs' }).first().click()
    await expect(page).toHaveURL(/\/blog\/melhores-crm-pme-2025$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('melhores-crm-pme-2025'))
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
    // The new article's head, which its loader built (app/blog/article-head.server.ts), in the same document.
    await expect(page).toHaveTitle(`${titleOf('melhores-crm-pme-2025')} | Alavanca Digital`)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/melhores-crm-pme-2025$/)
    const headlines = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((blocks) => blocks.map((block) => (JSON.parse(block.textContent ?? '{}') as { headline?: string }).headline).filter(Boolean))
    expect(headlines).toEqual([titleOf('melhores-crm-pme-2025')])
  })

  test('@desktop @nojs outbound links open in a new tab without an opener; the affiliate link is nofollow sponsored', async ({ page }) => {
    await page.goto('/blog/gohighlevel-brasil-2025')
    const outbound = page.locator('article a[href^="https://"]:not([href*="twitter.com"]):not([href*="facebook.com"]):not([href*="linkedin.com"])')
    expect(await outbound.count()).toBeGreaterThan(0)
    for (const link of await outbound.all()) {
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener noreferrer/)
    }
    await expect(page.locator('article a[rel="noopener noreferrer nofollow sponsored"]')).toHaveCount(1)
  })

  test('@desktop @nojs an article in development says so, offers the call to action and is noindex', async ({ page }) => {
    const response = await page.goto('/blog/escalar-google-ads')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titleOf('escalar-google-ads'))
    await expect(page.getByRole('heading', { name: 'Artigo em desenvolvimento' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Falar com Especialista' })).toHaveAttribute('href', '/contato')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  })

  test('@desktop @nojs an unknown article is a 404', async ({ page, allowNotFound }) => {
    allowNotFound('/blog/artigo-que-nao-existe')
    expect((await page.goto('/blog/artigo-que-nao-existe'))?.status()).toBe(404)
    await expect(page.getByText('Oops! Página não encontrada')).toBeVisible()
    // The head is the not-found page's too.
    await expect(page).toHaveTitle(/^Página não encontrada \| /)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })
})

test('@desktop @js every article has its metadata and JSON-LD that parses, with the fields search engines need', async ({ request }) => {
  for (const article of seedArticles()) {
    const slug = article.slug.current
    const html = await (await request.get(`/blog/${slug}`)).text()
    expect(html, slug).toContain(`<title>${article.title.replace(/&/g, '&amp;')} | Alavanca Digital</title>`)
    expect(html).toContain(`<link rel="canonical" href="`)
    expect(html).toMatch(/<meta property="og:type" content="article"\/>/)
    expect(html).toContain(`<meta property="article:published_time" content="${article.publishDate}"/>`)
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!))
    const types = blocks.map((block) => block['@type'])
    expect(types, slug).toEqual(article.faq?.length ? ['Article', 'FAQPage', 'BreadcrumbList'] : ['Article', 'BreadcrumbList'])
    const data = blocks[0]
    expect(data.headline).toBe(article.title)
    expect(data.image[0]).toMatch(new RegExp(`/images/blog-${slug}\\.webp$`))
    expect(data.datePublished).toBe(article.publishDate)
    expect(data.dateModified).toBeTruthy()
    expect(data.author.name).toBeTruthy()
    expect(data.publisher.name).toBe('Alavanca Digital')
    expect(blocks.at(-1).itemListElement[0]).toMatchObject({ position: 1, name: 'Home' })
    const robots = html.match(/<meta name="robots" content="([^"]+)"/)?.[1]
    expect(robots).toBe(article.status === 'published' ? 'index, follow, max-image-preview:large, max-snippet:-1' : 'noindex, nofollow')
  }
  const rss = await request.get('/blog/rss.xml')
  expect(rss.headers()['content-type']).toMatch(/application\/rss\+xml/)
  expect((await rss.text()).match(/<item>/g)).toHaveLength(listed.length)
})
