import { expect, test } from './fixtures'

/**
 * No page raises a DevTools issue (a CSP violation, a cookie or a deprecation
 * problem): Lighthouse's best-practices score counts every one of them
 * (`inspector-issues`), even one the page's code catches, such as zod probing
 * `new Function` under the CSP. With JavaScript, where nearly all of them come
 * from; the pages with forms are the ones that load zod.
 */
const PAGES = ['/', '/contato', '/blog', '/ferramentas/calculadora', '/ferramentas/teste-presenca-digital', '/criar-agente', '/sobre']

test('@js @desktop no page with a form raises a DevTools issue', async ({ page }) => {
  const devtools = await page.context().newCDPSession(page)
  const issues: string[] = []
  devtools.on('Audits.issueAdded', ({ issue }) => issues.push(`${page.url()}: ${issue.code} ${JSON.stringify(issue.details)}`))
  await devtools.send('Audits.enable')
  for (const path of PAGES) {
    // Hydrated (the fixture waits for it), and by network idle every module it loads then has run.
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  expect(issues).toEqual([])
})
