import type { Page } from '@playwright/test'
import { seedDocument } from '../support/seed-content'
import { expect, test } from './fixtures'

/** The testimonials carousel: the region named by its section's heading. */
const carousel = (page: Page) => page.getByRole('region', { name: 'O que Dizem Sobre Nós' })
const slides = (page: Page) => carousel(page).getByRole('group')

test.describe('home sections', () => {
  test('@desktop @nojs come in order after the hero, from the content', async ({ page }) => {
    await page.goto('/')
    const home = seedDocument('homePage')
    const headings = page.locator('main h2')
    await expect(headings).toHaveText(
      [home.audience, home.approach, home.results, home.salesServices, home.comparison, home.testimonials, home.contact].map((section) => section.title),
    )
    await expect(page.locator('section[aria-labelledby="publico-titulo"] li')).toHaveCount(home.audience.profiles.length)
    await expect(page.locator('section[aria-labelledby="como-aumentamos-titulo"] li')).toHaveCount(home.salesServices.cards.length)
    await expect(page.locator('section[aria-labelledby="resultados-titulo"]').getByRole('link', { name: home.results.cta.label })).toHaveAttribute(
      'href',
      home.results.cta.href,
    )
    await expect(page.getByRole('link', { name: home.salesServices.cta.label })).toHaveAttribute('href', home.salesServices.cta.href)
    await expect(page.getByText(home.testimonials.subtitle)).toBeVisible()
    await expect(page.getByRole('img', { name: home.ratingBadge.image.alt })).toBeVisible()
    await expect(page.locator('#sessao-estrategica')).toContainText(home.contact.promise)
  })

  test('@desktop the comparison is a table with both columns side by side', async ({ page }) => {
    await page.goto('/')
    const comparison = page.getByRole('table', { name: 'Outras agências comparadas com a Alavanca Digital' })
    await expect(comparison.getByRole('columnheader', { name: 'Outras agências' })).toBeVisible()
    await expect(comparison.getByRole('columnheader', { name: 'Alavanca Digital' })).toBeVisible()
    await expect(comparison.getByRole('row', { name: /Meta principal/ })).toContainText('Leads qualificados, vendas e faturamento.')
  })

  test('@mobile the comparison pairs both answers of each row on screen, with no sideways scrolling', async ({ page }) => {
    await page.goto('/')
    const section = page.locator('section[aria-labelledby="por-que-titulo"]')
    const card = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Meta principal' }) })
    await card.scrollIntoViewIfNeeded()
    for (const text of ['Outras agências', 'Curtidas, seguidores e alcance.', 'Alavanca Digital', 'Leads qualificados, vendas e faturamento.']) {
      const item = card.getByText(text, { exact: true })
      await expect(item).toBeInViewport()
      const box = await item.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    }
    expect(await section.getByRole('listitem').count()).toBeGreaterThan(1)
    await expect(section.getByRole('table')).toBeHidden()
  })

  test('@desktop @nojs every review has five stars, a quote in a scrolling box, initials, name and role', async ({ page }) => {
    await page.goto('/')
    await expect(slides(page)).toHaveCount(10)
    const first = slides(page).first()
    await expect(first.getByRole('img', { name: 'Nota 5 de 5' })).toBeAttached()
    // Polled: with JavaScript the slider takes over the list right after hydration (a fresh element).
    const box = () =>
      first.locator('blockquote').evaluate((element) => {
        const style = getComputedStyle(element)
        return { max: style.maxHeight, min: style.minHeight, overflow: style.overflowY }
      })
    await expect.poll(box).toEqual({ max: '120px', min: '80px', overflow: 'auto' })
    await expect(first.locator('[data-avatar-state]')).toHaveText('MC')
    await expect(first.locator('figcaption')).toContainText('Mariana Couto')
    await expect(first.locator('figcaption')).toContainText('Loja Online')
  })

  test('@nojs all ten reviews can be read in a sideways-scrolling list', async ({ page }) => {
    await page.goto('/')
    await expect(carousel(page).getByRole('button')).toHaveCount(0)
    for (let index = 0; index < 10; index += 1) {
      const slide = slides(page).nth(index)
      await slide.scrollIntoViewIfNeeded()
      await expect(slide).toBeInViewport({ ratio: 0.9 })
      await expect(slide.locator('blockquote')).not.toBeEmpty()
    }
  })

  test('@js @desktop shows two reviews at a time; buttons and arrow keys move it within its bounds', async ({ page }) => {
    await page.goto('/')
    const previous = carousel(page).getByRole('button', { name: 'Anterior' })
    const next = carousel(page).getByRole('button', { name: 'Próximo' })
    await carousel(page).scrollIntoViewIfNeeded()
    await expect(previous).toBeDisabled()
    await expect(next).toBeEnabled()
    await expect(slides(page).nth(0)).toBeInViewport({ ratio: 0.9 })
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.9 })
    await expect(slides(page).nth(2)).not.toBeInViewport()

    await carousel(page).focus()
    await page.keyboard.press('ArrowRight')
    await expect(slides(page).nth(2)).toBeInViewport({ ratio: 0.9 })
    await expect(previous).toBeEnabled()
    await page.keyboard.press('ArrowLeft')
    await expect(slides(page).nth(0)).toBeInViewport({ ratio: 0.9 })
    await expect(previous).toBeDisabled()

    // Ten reviews, two per view: eight steps to the end, and no looping.
    for (let step = 1; step <= 8; step += 1) {
      await next.click()
      await expect(slides(page).nth(step + 1)).toBeInViewport({ ratio: 0.9 })
    }
    await expect(next).toBeDisabled()
    await expect(slides(page).nth(9)).toBeInViewport({ ratio: 0.9 })
    await page.keyboard.press('ArrowRight')
    await expect(slides(page).nth(0)).not.toBeInViewport()
  })

  test('@js @mobile its buttons answer a tap as the slide starts to move, not once it has arrived', async ({ page }) => {
    // The page's clock, animation frames included, is ours: after the tap no frame runs until we resume it.
    await page.clock.install()
    await page.goto('/')
    const previous = carousel(page).getByRole('button', { name: 'Anterior' })
    const next = carousel(page).getByRole('button', { name: 'Próximo' })
    await carousel(page).scrollIntoViewIfNeeded()
    await expect(previous).toBeDisabled()
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await next.click()
    // The slide has not moved a frame yet, and Anterior already answers.
    await expect(previous).toBeEnabled()
    await expect(slides(page).nth(0)).toBeInViewport({ ratio: 0.9 })
    await page.clock.resume()
    await expect(slides(page).nth(1)).toBeInViewport({ ratio: 0.9 })
    await expect(slides(page).nth(0)).not.toBeInViewport()
  })

  test('@js @mobile shows one review at a time', async ({ page }) => {
    await page.goto('/')
    const next = carousel(page).getByRole('button', { name: 'Próximo' })
    await carousel(page).scrollIntoViewIfNeeded()
    await expect(slides(page).nth(0)).toBeInViewport({ ratio: 0.9 })
    await expect(slides(page).nth(1)).not.toBeInViewport()
    for (let step = 1; step <= 9; step += 1) {
      await next.click()
      await expect(slides(page).nth(step)).toBeInViewport({ ratio: 0.9 })
    }
    await expect(next).toBeDisabled()
    await expect(slides(page).nth(9)).toBeInViewport({ ratio: 0.9 })
  })
})
