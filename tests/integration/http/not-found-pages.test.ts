/**
 * Every 404 reads as the site's not-found page in its head too: a loader's
 * 404 (an unknown article, a listing page past the last one) answers with
 * the catch-all's title 'Página não encontrada' and robots noindex, not the
 * site's default title and 'index, follow'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../support/test-site'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
}, 60_000)
afterAll(() => site.close())

async function head(path: string) {
  const response = await fetch(`${site.url}${path}`)
  const html = await response.text()
  return {
    status: response.status,
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
  }
}

describe('404 pages', () => {
  it('the catch-all is titled Página não encontrada and kept out of the index', async () => {
    const page = await head('/pagina-que-nao-existe')
    expect(page.status).toBe(404)
    expect(page.title).toMatch(/^Página não encontrada \| /)
    expect(page.robots).toBe('noindex, nofollow')
  })

  it.each(['/blog/nao-existe', '/blog?pagina=3'])('%s answers 404 with the same title and robots', async (path) => {
    const reference = await head('/pagina-que-nao-existe')
    expect(await head(path)).toEqual({ status: 404, title: reference.title, robots: 'noindex, nofollow' })
  })
})

describe('the error page of a post Remix refuses (no loader runs, not even the root’s)', () => {
  it('is still the whole page: the brand in the header and the title, the footer, the address to write to', async () => {
    const response = await fetch(`${site.url}/sobre`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
      body: 'x=1',
    })
    expect(response.status).toBe(405)
    const html = await response.text()
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/Alavanca Digital/)
    expect(html).toMatch(/<header[\s\S]*Alavanca Digital[\s\S]*<\/header>/)
    expect(html).toMatch(/<footer[\s\S]*contato@[\s\S]*<\/footer>/)
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/)
  })
})
