import type { Page } from '@playwright/test'
import { seedDocument } from '../support/seed-content'
import { expect, expectHydrated, test } from './fixtures'

const metrics = (page: Page) => page.locator('[data-metric]')

test.describe('/sobre', () => {
  test('@desktop @nojs tells the story, mission, vision, seven values and a team of four with two AI agents', async ({ page }) => {
    const about = seedDocument('aboutPage')
    await page.goto('/sobre')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.hero.title)
    for (const title of [about.story.title, about.mission.title, about.vision.title, about.valuesHeading.title, about.teamHeading.title]) {
      await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('region', { name: `${about.mission.title} ${about.vision.title}` })).toBeVisible()
    await expect(page.getByRole('link', { name: about.resultsCta.label })).toHaveAttribute('href', about.resultsCta.href)
    await expect(page.locator('section[aria-labelledby="valores"] li')).toHaveCount(7)
    const team = page.locator('section[aria-labelledby="equipe"] li')
    await expect(team).toHaveCount(4)
    await expect(team.filter({ hasText: about.teamHeading.aiAgentLabel })).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Fale com um Especialista' }).last()).toHaveAttribute('href', '/contato')
  })
})

test.describe('/servicos', () => {
  test('@desktop @nojs has the hero calls to action and the nine service cards in order', async ({ page }) => {
    await page.goto('/servicos')
    const hero = page.locator('section[aria-labelledby="pagina-titulo"]')
    await expect(hero.getByRole('link', { name: 'Fale com um Especialista' })).toHaveAttribute('href', '/contato')
    const cards = page.locator('section[aria-labelledby="servicos-titulo"] article')
    await expect(cards.locator('h3')).toHaveText([
      'Tráfego Pago Otimizado',
      'Agentes de IA',
      'Automação Estratégica',
      'Crescimento Digital 360',
      'Lojas Virtuais',
      'Criação de Sites',
      'Social Media',
      'Tracking Avançado',
      'SEO',
    ])
    for (const card of await cards.all()) {
      await expect(card.locator('ul li')).toHaveCount(4)
      await expect(card.getByText(/^Case:/)).toBeVisible()
      await expect(card.getByRole('link', { name: 'Quero este serviço' })).toHaveAttribute('href', '/contato')
    }
    await expect(cards.nth(1).getByRole('link', { name: 'Criar Agente' })).toHaveAttribute('href', '/criar-agente')
    await expect(page.getByRole('link', { name: 'Fazer o teste gratuito' })).toHaveAttribute('href', '/ferramentas/teste-presenca-digital')
  })

  test("@desktop @js 'Ver Apresentação' takes the visitor to the overview of how we work", async ({ page }) => {
    await page.goto('/servicos')
    await page.getByRole('link', { name: 'Ver Apresentação' }).click()
    await expect(page).toHaveURL(/#como-trabalhamos$/)
    await expect(page.getByRole('heading', { name: 'Como trabalhamos' })).toBeInViewport()
  })

  test('@desktop @js the metrics strip stays hidden until 30% visible, then reveals 500+, 8,2x, 230% and 10+', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 })
    await page.goto('/servicos')
    await expect(metrics(page)).toHaveText([/500\+/, /8,2x/, /230%/, /10\+/])
    // Once React has hydrated, the figures out of view fade out and stay hidden: not revealed, opacity 0.
    await expectHydrated(page)
    await expect(page.locator('[data-reveal]')).not.toHaveAttribute('data-revealed')
    await expect
      .poll(() =>
        metrics(page)
          .first()
          .evaluate((element) => getComputedStyle(element).opacity),
      )
      .toBe('0')
    await page.locator('[data-reveal]').scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        metrics(page)
          .last()
          .evaluate((element) => getComputedStyle(element).opacity),
      )
      .toBe('1')
    // The stagger: 200 ms between items.
    const delays = await metrics(page).evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.transitionDelay))
    expect(delays).toEqual(['0ms', '200ms', '400ms', '600ms'])
  })

  test('@desktop @js a strip already in view when the modules run stays visible: shown before, never hidden after', async ({ context }) => {
    // A tab of its own: the server's HTML, read before React runs.
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 3000 })
    await page.goto('/servicos', { waitUntil: 'commit' })
    await page.locator('main').waitFor()
    const opacities = () => metrics(page).evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity))
    // The server's HTML, before any script of the page ran: the figures are there to read.
    expect(await opacities()).toEqual(['1', '1', '1', '1'])
    await expectHydrated(page)
    // Marked revealed by the time React has hydrated, and no fade running: it was never hidden, and will not be.
    await expect(page.locator('[data-reveal]')).toHaveAttribute('data-revealed', '')
    expect(await opacities()).toEqual(['1', '1', '1', '1'])
    expect(await metrics(page).evaluateAll((elements) => elements.flatMap((element) => element.getAnimations()).length)).toBe(0)
  })

  test('@desktop @js with reduced motion the metrics are shown at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 300 })
    await page.goto('/servicos')
    expect(
      await metrics(page)
        .first()
        .evaluate((element) => getComputedStyle(element).opacity),
    ).toBe('1')
  })

  test('@desktop @nojs the metrics are visible without scripts', async ({ page }) => {
    await page.goto('/servicos')
    for (const metric of await metrics(page).all()) {
      expect(await metric.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')
    }
  })

  test('@desktop @nojs the services testimonials show three reviews with five stars', async ({ page }) => {
    await page.goto('/servicos')
    const region = page.getByRole('region', { name: 'Quem contratou recomenda' })
    await expect(region.getByRole('group')).toHaveCount(3)
    await expect(region.getByRole('img', { name: 'Nota 5 de 5' })).toHaveCount(3)
  })
})

test.describe('service pages', () => {
  for (const [slug, title] of [
    ['ia', 'Agentes de IA'],
    ['automacao', 'Automação Estratégica'],
    ['trafego', 'Tráfego Pago Otimizado'],
    ['crescimento', 'Crescimento Digital 360'],
  ] as const) {
    test(`@desktop @nojs /servicos/${slug} renders its service with features, a case, FAQ and a call to action`, async ({ page }) => {
      const response = await page.goto(`/servicos/${slug}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.getByRole('heading', { name: 'O que está incluído' })).toBeVisible()
      await expect(page.getByRole('heading', { name: /^Case:/ })).toBeVisible()
      const question = page.locator('main details').first()
      await question.locator('summary').click()
      await expect(question.locator('p')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Fale com um Especialista' }).last()).toHaveAttribute('href', '/contato')
    })
  }

  test('@desktop @nojs a service without its own page is not found', async ({ page, allowNotFound }) => {
    allowNotFound('/servicos/seo')
    const response = await page.goto('/servicos/seo')
    expect(response?.status()).toBe(404)
  })
})

test.describe('legal pages', () => {
  for (const [path, title, sections] of [
    ['/politica-privacidade', 'Política de Privacidade', 9],
    ['/termos-uso', 'Termos de Uso', 11],
  ] as const) {
    test(`@desktop @nojs ${path} has its ${sections} numbered sections and a link back home`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      const headings = page.locator('article h2')
      await expect(headings).toHaveCount(sections)
      await expect(headings.first()).toHaveText(/^1\. /)
      await expect(headings.last()).toHaveText(new RegExp(`^${sections}\\. `))
      await expect(page.getByRole('navigation', { name: 'Seções' }).getByRole('link')).toHaveCount(sections)
      await page.getByRole('link', { name: '← Voltar para a página inicial' }).click()
      await expect(page).toHaveURL(/\/$/)
    })
  }
})

test.describe('metadata', () => {
  for (const [path, title] of [
    ['/sobre', 'Sobre Nós: IA, automação e tráfego que vendem | Alavanca Digital'],
    ['/servicos', 'Serviços de marketing digital com IA | Alavanca Digital'],
    ['/casos', 'Cases de sucesso em marketing digital | Alavanca Digital'],
    ['/casos/rayz-shoes', 'Case Rayz Shoes: leads no WhatsApp a R$ 5,04 | Alavanca Digital'],
    ['/termos-uso', 'Termos de Uso do site | Alavanca Digital'],
    ['/ferramentas/calculadora', 'Calculadora de métricas de marketing | Alavanca Digital'],
    ['/ferramentas/teste-presenca-digital', 'Teste de Presença Digital gratuito | Alavanca Digital'],
    ['/criar-agente', 'Crie seu agente de IA para atendimento | Alavanca Digital'],
  ] as const) {
    test(`@desktop @nojs ${path} sets title, description, canonical, Open Graph, Twitter and robots from its content`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveTitle(title)
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      expect(description?.length).toBeGreaterThan(50)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `http://localhost:3000${path}`)
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description ?? '')
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^index, follow/)
    })
  }

  test('@desktop @js leaving a page restores the default brand title', async ({ page }) => {
    await page.goto('/sobre')
    await expect(page).toHaveTitle(/^Sobre Nós: IA/)
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page).toHaveTitle(/Grow Smarter/)
  })
})
