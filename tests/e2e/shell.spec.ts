import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * The layout on every page: header, Ferramentas menu,
 * mobile menu, footer, scroll behaviour.
 */

const mainLinks = [
  ['Home', '/'],
  ['Sobre Nós', '/sobre'],
  ['Serviços', '/servicos'],
  ['Cases de Sucesso', '/casos'],
  ['Blog', '/blog'],
  ['Contato', '/contato'],
] as const

const toolLinks = [
  ['Calculadora de Métricas', '/ferramentas/calculadora'],
  ['Teste de Presença Digital', '/ferramentas/teste-presenca-digital'],
] as const

const desktopNav = (page: Page) => page.getByRole('navigation', { name: 'Principal', exact: true })
const toolsMenu = (page: Page) => page.getByTestId('menu-ferramentas')

test.describe('desktop header', () => {
  test('@desktop shows the logo, the six links in order, Ferramentas and the call to action', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Alavanca Digital' })).toHaveAttribute('href', '/')
    const links = desktopNav(page).getByRole('list').first().getByRole('link')
    await expect(links).toHaveText(mainLinks.map(([label]) => label))
    for (const [label, href] of mainLinks) {
      await expect(desktopNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
    }
    await expect(toolsMenu(page).locator('summary')).toHaveText('Ferramentas')
    const cta = header.getByRole('link', { name: 'Fale com um Especialista' })
    await expect(cta).toBeVisible()
    await expect(cta).toHaveAttribute('href', '/contato')
  })

  test('@desktop the call to action and every nav link stay in view at 768, 1024 and 1279 px', async ({ page }) => {
    for (const width of [768, 1024, 1279]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/')
      const header = page.getByRole('banner')
      const cta = header.getByRole('link', { name: 'Fale com um Especialista' })
      await expect(cta, `${width} px`).toBeVisible()
      await expect(cta).toHaveAttribute('href', '/contato')
      const box = await cta.boundingBox()
      expect(box!.x + box!.width, `${width} px`).toBeLessThanOrEqual(width)
      for (const [label] of mainLinks) await expect(desktopNav(page).getByRole('link', { name: label, exact: true })).toBeInViewport()
      await expect(toolsMenu(page).locator('summary')).toBeInViewport()
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width)
    }
  })

  test('@desktop marks the current page, and only it, with aria-current', async ({ page }) => {
    for (const [label, href] of mainLinks) {
      await page.goto(href)
      const current = desktopNav(page).getByRole('list').first().locator('[aria-current="page"]')
      await expect(current).toHaveCount(1)
      await expect(current).toHaveText(label)
    }
    await page.goto('/ferramentas/calculadora')
    await expect(desktopNav(page).getByRole('list').first().locator('[aria-current="page"]')).toHaveCount(0)
    // The menu is closed, so its links are not in the accessibility tree: find it by its address.
    await expect(toolsMenu(page).locator('a[href="/ferramentas/calculadora"]')).toHaveAttribute('aria-current', 'page')
  })

  test('@desktop the Ferramentas menu opens and closes by click and by keyboard', async ({ page }) => {
    await page.goto('/')
    const menu = toolsMenu(page)
    const calculator = menu.getByRole('link', { name: 'Calculadora de Métricas' })
    await expect(calculator).toBeHidden()

    await menu.locator('summary').click()
    for (const [label, href] of toolLinks) {
      await expect(menu.getByRole('link', { name: label })).toBeVisible()
      await expect(menu.getByRole('link', { name: label })).toHaveAttribute('href', href)
    }
    await menu.locator('summary').click()
    await expect(calculator).toBeHidden()

    await menu.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect(calculator).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(calculator).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/ferramentas\/calculadora$/)
  })

  test('@desktop @js the Ferramentas menu closes 100 ms after focus leaves it, on Escape and on route change', async ({ page }) => {
    await page.goto('/')
    const menu = toolsMenu(page)
    const summary = menu.locator('summary')
    const calculator = menu.getByRole('link', { name: 'Calculadora de Métricas' })

    await summary.click()
    await expect(calculator).toBeVisible()
    // Focus leaves: still open at once, closed shortly after (100 ms).
    const openRightAfterBlur = await page.evaluate(() => {
      ;(document.querySelector('[data-testid="menu-ferramentas"] summary') as HTMLElement).blur()
      return (document.querySelector('[data-testid="menu-ferramentas"]') as HTMLDetailsElement).open
    })
    expect(openRightAfterBlur).toBe(true)
    await expect(calculator).toBeHidden()

    await summary.click()
    await expect(calculator).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(calculator).toBeHidden()
    await expect(summary).toBeFocused()

    await summary.click()
    await calculator.click()
    await expect(page).toHaveURL(/\/ferramentas\/calculadora$/)
    await expect(menu).not.toHaveAttribute('open')
  })

  test('@desktop @js Escape closes the Ferramentas menu even when pressed before the browser has announced its opening', async ({ page }) => {
    await page.goto('/')
    // The browser opens a <details> at once and fires its toggle event a task later: a fast key press comes in between.
    const openAfterEscape = await page.evaluate(async () => {
      const details = document.querySelector('[data-testid="menu-ferramentas"]') as HTMLDetailsElement
      const summary = details.querySelector('summary')!
      // The browser's own word that it has announced the change: its toggle event, a task after the click.
      const announced = new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }))
      summary.focus()
      summary.click()
      summary.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
      await announced
      return details.open
    })
    expect(openAfterEscape).toBe(false)
    await expect(toolsMenu(page).getByRole('link', { name: 'Calculadora de Métricas' })).toBeHidden()
    await expect(toolsMenu(page).locator('summary')).toBeFocused()
  })

  test('@desktop the mobile menu button is not shown on a wide screen', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Abrir menu' }).or(page.getByRole('button', { name: 'Abrir menu' }))).toBeHidden()
  })
})

test.describe('mobile menu', () => {
  const openControl = (page: Page) => page.getByRole('button', { name: 'Abrir menu' }).or(page.getByRole('link', { name: 'Abrir menu' }))
  const closeControl = (page: Page) => page.getByRole('button', { name: 'Fechar menu' }).or(page.getByRole('link', { name: 'Fechar menu' }))
  const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' })
  const pageScrollLocked = (page: Page) =>
    page.evaluate(() => [document.documentElement, document.body].some((element) => getComputedStyle(element).overflow === 'hidden'))

  test('@mobile hides the desktop nav and opens a full-screen menu with every entry', async ({ page }) => {
    await page.goto('/')
    await expect(desktopNav(page)).toBeHidden()
    await expect(mobileNav(page)).toBeHidden()
    await openControl(page).click()
    await expect(mobileNav(page)).toBeVisible()
    const box = await mobileNav(page).boundingBox()
    expect(box?.width).toBe(375)
    for (const [label, href] of [...mainLinks, ...toolLinks]) {
      await expect(mobileNav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
    }
    await expect(mobileNav(page).getByRole('link', { name: 'Fale com um Especialista' })).toHaveAttribute('href', '/contato')
    expect(await pageScrollLocked(page)).toBe(true)

    await closeControl(page).click()
    await expect(mobileNav(page)).toBeHidden()
    expect(await pageScrollLocked(page)).toBe(false)
  })

  test('@mobile closes on route change and marks the current page', async ({ page }) => {
    await page.goto('/')
    await openControl(page).click()
    await mobileNav(page).getByRole('link', { name: 'Serviços', exact: true }).click()
    await expect(page).toHaveURL(/\/servicos$/)
    await expect(mobileNav(page)).toBeHidden()
    expect(await pageScrollLocked(page)).toBe(false)

    await openControl(page).click()
    await expect(mobileNav(page).getByRole('link', { name: 'Serviços', exact: true })).toHaveAttribute('aria-current', 'page')
  })

  test('@mobile @js a menu opened before the page hydrated (the no-JS panel) is still open after, as the dialog', async ({ page }) => {
    // The no-JS link's fragment, as a tap before hydration leaves it.
    await page.goto('/#menu-mobile')
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(mobileNav(page)).toBeHidden()
  })

  test('@mobile @js is a modal dialog: Escape closes it and focus returns to the button', async ({ page }) => {
    await page.goto('/')
    // The control becomes a button once React has hydrated (before that it is the no-JS link).
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused()
  })
})

test.describe('footer', () => {
  test('@desktop @nojs has the blurb, social profiles, every link column, contacts and the legal line', async ({ page }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    await expect(footer).toContainText('Transformamos negócios em máquinas de vendas')

    for (const network of ['Instagram', 'LinkedIn', 'X']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${network} `) })
      await expect(link).toHaveAttribute('href', /^https:\/\//)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }

    const column = (name: string) => footer.getByRole('navigation', { name })
    for (const [label, href] of mainLinks) {
      await expect(column('Links rápidos').getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
    }
    for (const [label, href] of toolLinks) {
      await expect(column('Ferramentas').getByRole('link', { name: label })).toHaveAttribute('href', href)
    }
    const services = [
      ['Tráfego Pago Otimizado', '/servicos/trafego'],
      ['Agentes de IA', '/servicos/ia'],
      ['Automação Estratégica', '/servicos/automacao'],
      ['Crescimento Digital 360', '/servicos/crescimento'],
    ]
    await expect(column('Serviços').getByRole('link')).toHaveCount(4)
    for (const [label, href] of services) {
      await expect(column('Serviços').getByRole('link', { name: label })).toHaveAttribute('href', href!)
    }

    await expect(footer.getByRole('link', { name: 'contato@alavancadigital.com.br' })).toHaveAttribute('href', 'mailto:contato@alavancadigital.com.br')
    await expect(footer.getByRole('link', { name: '(11) 99876-5432' })).toHaveAttribute('href', 'tel:+5511998765432')
    await expect(footer).toContainText('Alavanca Digital Marketing Ltda. · CNPJ 45.812.397/0001-54')
    await expect(footer.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/politica-privacidade')
    await expect(footer.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos-uso')
  })

  test('@desktop @nojs each service is called in the footer what its own page calls it', async ({ page }) => {
    await page.goto('/')
    const links = page.locator('footer').getByRole('navigation', { name: 'Serviços' }).getByRole('link')
    await expect(links).toHaveCount(4)
    // What the visitor reads there: the footer is laid out once it nears the screen (ADR 044);
    // until then its text has no rendering, and innerText is empty.
    await links.first().scrollIntoViewIfNeeded()
    await expect.poll(() => links.first().innerText()).not.toBe('')
    const services: Array<[string, string]> = []
    for (let index = 0; index < 4; index++) {
      services.push([(await links.nth(index).innerText()).trim(), (await links.nth(index).getAttribute('href')) ?? ''])
    }
    for (const [label, href] of services) {
      await page.goto(href)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label)
    }
  })

  test('@desktop footer links navigate', async ({ page }) => {
    await page.goto('/')
    await page.locator('footer').getByRole('link', { name: 'Termos de Uso' }).click()
    await expect(page).toHaveURL(/\/termos-uso$/)
    await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('scrolling', () => {
  test('@desktop @js the header turns solid after 10 px of scroll and back at the top', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header).toHaveAttribute('data-scrolled', 'false')
    // Scrolled by 8 px: once the page has handled that scroll (its scroll event, then a frame), the header is still translucent.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener('scroll', () => requestAnimationFrame(resolve), { once: true })
          window.scrollTo({ top: 8, behavior: 'instant' })
        }),
    )
    await expect(header).toHaveAttribute('data-scrolled', 'false')
    await page.evaluate(() => window.scrollTo({ top: 11, behavior: 'instant' }))
    await expect(header).toHaveAttribute('data-scrolled', 'true')
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    await expect(header).toHaveAttribute('data-scrolled', 'false')
  })

  test('@desktop @nojs the header stays fixed and readable while the page scrolls', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    const box = await page.getByRole('banner').boundingBox()
    expect(box?.y).toBe(0)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Alavanca Digital' })).toBeVisible()
  })

  test('@desktop every route change starts at the top of the page', async ({ page }) => {
    await page.goto('/')
    await page.locator('footer').scrollIntoViewIfNeeded()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    await page.locator('footer').getByRole('link', { name: 'Política de Privacidade' }).click()
    await expect(page).toHaveURL(/\/politica-privacidade$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test('@desktop the keyboard reaches the skip link, the logo and every header entry in order', async ({ page }) => {
  await page.goto('/')
  const focused: string[] = []
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab')
    focused.push(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim()))
  }
  expect(focused).toEqual(['Pular para o conteúdo', 'Alavanca Digital', ...mainLinks.map(([label]) => label), 'Ferramentas', 'Fale com um Especialista'])
})

test('@mobile no tool step or Studio page scrolls sideways at 375 px', async ({ page }) => {
  // Every route's page is checked at 375 px with axe, sideways scrolling included (axe.spec.ts); these are screens of their own.
  const pages = ['/ferramentas/calculadora?metrica=ltv&averagePurchaseValue=150&purchaseFrequency=4&retentionTime=3&etapa=contato', '/studio']
  for (const path of pages) {
    await page.goto(path)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width, path).toBeLessThanOrEqual(375)
  }
})
