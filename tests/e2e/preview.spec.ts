import { expect, test } from './fixtures'
import { axeViolations, describeViolations } from './support/axe'

/**
 * Draft preview over the seed (ADR 037): the e2e server runs with
 * SEED_PREVIEW=true, so /api/preview-mode/seed turns a preview on with the
 * drafts in studio/seed/drafts/ (the home's draft changes the hero's title).
 * An editor sees the draft and the bar, leaves, and sees the published page;
 * a visitor in a browser of their own sees only the published page
 * throughout. With and without JavaScript: the bar is a plain form.
 */
const PUBLISHED = 'Transformamos o seu negócio em uma máquina de vendas'
const DRAFT = 'Seu negócio vendendo mais todos os dias, com IA e automação'

test('@desktop an editor previews the home’s draft and leaves; a visitor never sees it', async ({ page, browser, javaScriptEnabled, baseURL }) => {
  const visitorContext = await browser.newContext({ javaScriptEnabled, baseURL })
  const visitor = await visitorContext.newPage()
  const hero = (target: typeof page) => target.getByRole('heading', { level: 1 })
  const bar = page.getByRole('complementary', { name: 'Pré-visualização' })

  await visitor.goto('/')
  await expect(hero(visitor)).toHaveText(PUBLISHED)

  await page.goto('/api/preview-mode/seed')
  await expect(page).toHaveURL(/\/$/)
  await expect(hero(page)).toHaveText(DRAFT)
  await expect(bar).toContainText('Você está vendo rascunhos')
  // The bar is part of the page for axe too (its landmark, its contrast).
  expect(describeViolations(await axeViolations(page)), 'axe on a page in preview').toEqual([])

  await visitor.reload()
  await expect(hero(visitor)).toHaveText(PUBLISHED)
  await expect(visitor.getByText('Você está vendo rascunhos')).toHaveCount(0)

  // The preview follows the editor from page to page, and the way out brings them back to the same page.
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Sobre Nós' }).click()
  await expect(page).toHaveURL(/\/sobre$/)
  await expect(bar).toBeVisible()
  await bar.getByRole('button', { name: 'Sair da pré-visualização' }).click()
  await expect(page).toHaveURL(/\/sobre$/)
  await expect(page.getByText('Você está vendo rascunhos')).toHaveCount(0)
  await page.goto('/')
  await expect(hero(page)).toHaveText(PUBLISHED)

  await visitor.goto('/')
  await expect(hero(visitor)).toHaveText(PUBLISHED)
  await visitorContext.close()
})

test('@desktop @js a release’s version shows when its perspective is asked for', async ({ page }) => {
  await page.goto('/api/preview-mode/seed?sanity-preview-perspective=rVendasDeFimDeAno,drafts')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fim de ano com a agenda cheia: prepare agora as suas campanhas')
})
