/**
 * Draft preview through the real request handler (ADR 037), in Sanity mode
 * against a stand-in of the Content Lake (tests/support/content-lake.ts)
 * that holds the seed, its drafts and release versions (studio/seed/drafts/)
 * and two preview secrets the Studio made: one fresh, one expired.
 *
 * What an editor gets (the enable link, drafts on every page, edit links in
 * the text and nowhere else, the bar, the exit) and what a visitor never
 * gets (a draft, from the app or from its page cache).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasEditLinks, withoutEditLinks } from '~/content/edit-links'
import { readSeedDataset, readSeedDrafts } from '~/content/seed-dataset.server'
import { startContentLake, type ContentLake } from '../../support/content-lake'
import { startTestSite, type TestSite } from '../../support/test-site'

const SECRET = 'segredo-fresco-do-studio'
const EXPIRED = 'segredo-de-duas-horas-atras'
const TOKEN = 'token-de-leitura-do-servidor'
const PUBLISHED_TITLE = 'Transformamos o seu negócio em uma máquina de vendas'
const DRAFT_TITLE = 'Seu negócio vendendo mais todos os dias, com IA e automação'
const RELEASE_TITLE = 'Fim de ano com a agenda cheia: prepare agora as suas campanhas'

/** Every kind of page: the main ones, a service, a case, an article, the legal pages. */
const PAGES = [
  '/',
  '/sobre',
  '/servicos',
  '/servicos/trafego',
  '/casos',
  '/casos/quick2sell',
  '/contato',
  '/blog',
  '/blog/ai-search-visibility-seo-2025',
  '/ferramentas/calculadora',
  '/ferramentas/teste-presenca-digital',
  '/criar-agente',
  '/politica-privacidade',
  '/termos-uso',
]

let lake: ContentLake
let site: TestSite

beforeAll(async () => {
  const secret = (id: string, value: string, updatedAt: Date) => ({
    _id: id,
    _type: 'sanity.previewUrlSecret',
    _updatedAt: updatedAt.toISOString(),
    secret: value,
    studioUrl: '/studio',
  })
  lake = await startContentLake({
    dataset: [
      ...readSeedDataset(),
      ...readSeedDrafts(),
      secret('drafts.sanity-preview-url-secret.fresco', SECRET, new Date()),
      secret('drafts.sanity-preview-url-secret.velho', EXPIRED, new Date(Date.now() - 2 * 60 * 60 * 1000)),
    ],
  })
  site = await startTestSite({
    env: { SANITY_PROJECT_ID: 'proj1234', SANITY_DATASET: 'production', SANITY_READ_TOKEN: TOKEN, SANITY_API_HOST: lake.url, SANITY_USE_CDN: 'false' },
  })
}, 60_000)
afterAll(async () => {
  await site.close()
  await lake.close()
})

const get = (path: string, cookie?: string) => fetch(`${site.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })
const text = (html: string) => withoutEditLinks(html)

async function previewCookie(query = ''): Promise<string> {
  const response = await get(`/api/preview-mode/enable?sanity-preview-secret=${SECRET}&sanity-preview-pathname=/${query}`)
  expect(response.status).toBe(307)
  return response.headers.getSetCookie()[0]!.split(';')[0]!
}

/** A URL's text as its reader gets it (a share link carries the title percent-encoded). */
const decoded = (value: string) => {
  try {
    return decodeURIComponent(value.replaceAll('&amp;', '&'))
  } catch {
    return value
  }
}

/** What the inline scripts, attributes and head of a page hold: where no edit link may go. */
function codeParts(html: string): string[] {
  const attributes = [...html.matchAll(/\s(?:href|src|srcset|content|id|for|action|data-[\w-]+)="([^"]*)"/g)].map((match) => decoded(match[1]!))
  const scripts = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
  const title = html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? ''
  return [...attributes, ...scripts, title]
}

const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? ''
/** A page's main content without what changes on every render (a lead form's signed timer). */
const steadyMainOf = (html: string) => mainOf(html).replace(/(name="_lead_timer" value=")[^"]*/g, '$1…')
/** Where the Studio is pointed from elements without text of their own: a preview's only other addition to the markup. */
const EDIT_TARGETS = / data-sanity="[^"]*"/g

describe('turning preview on', () => {
  it('a link the Studio made: the cookie, a redirect, and the secret checked with the server’s token', async () => {
    lake.seen.length = 0
    const response = await get(`/api/preview-mode/enable?sanity-preview-secret=${SECRET}&sanity-preview-pathname=${encodeURIComponent('/sobre#equipe')}`)
    expect(response.status).toBe(307)
    expect(response.headers.get('Location')).toBe('/sobre#equipe')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.getSetCookie()[0]).toMatch(/^pre_visualizacao=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(lake.seen.some((request) => request.authorization === `Bearer ${TOKEN}` && request.query.includes('sanity.previewUrlSecret'))).toBe(true)
  })

  it('an expired or invented secret: 401 in Portuguese, no cookie', async () => {
    for (const secret of [EXPIRED, 'inventado']) {
      const response = await get(`/api/preview-mode/enable?sanity-preview-secret=${secret}`)
      expect(response.status, secret).toBe(401)
      expect(await response.text()).toMatch(/^Link de pré-visualização inválido ou expirado/)
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })

  it('the seed’s own way in does not exist with a project', async () => {
    expect((await get('/api/preview-mode/seed')).status).toBe(404)
  })
})

describe('in preview', () => {
  it('every page reads drafts from the live API, with source maps, and is private, framable by the Studio only', async () => {
    const cookie = await previewCookie()
    for (const path of PAGES) {
      lake.seen.length = 0
      const response = await get(path, cookie)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store')
      expect(response.headers.get('X-Page-Cache'), path).toBeNull()
      expect(response.headers.get('X-Frame-Options'), path).toBe('SAMEORIGIN')
      expect(response.headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'self'")
      const html = await response.text()
      expect(text(html), path).toContain('Você está vendo rascunhos')
      const queries = lake.seen.filter((request) => request.path.includes('/data/query/'))
      expect(queries.length, path).toBeGreaterThan(0)
      for (const request of queries) {
        expect(request.params.get('perspective'), `${path}: ${request.query.slice(0, 60)}`).toBe('drafts')
        expect(request.params.get('resultSourceMap'), path).toBe('withKeyArraySelector')
        expect(request.authorization, path).toBe(`Bearer ${TOKEN}`)
      }
    }
  })

  it('points the Studio at the fields of what has no text: images, the testimonials, a case’s figures', async () => {
    const cookie = await previewCookie()
    const targets = async (path: string) =>
      [...(await (await get(path, cookie)).text()).matchAll(/ data-sanity="([^"]*)"/g)].map((match) => decodeURIComponent(match[1]!.replaceAll('&amp;', '&')))
    const home = await targets('/')
    expect(home).toContainEqual(expect.stringMatching(/id=homePage;type=homePage;path=testimonials(;|$)/))
    expect(home).toContainEqual(expect.stringMatching(/id=homePage;type=homePage;path=ratingBadge\.image(;|$)/))
    const atrax = await targets('/casos/atrax')
    expect(atrax).toContainEqual(expect.stringMatching(/id=case-atrax;type=caseStudy;path=figures:[a-z0-9]+(;|$)/))
  })

  it('shows the draft, and the release when the Studio asks for it (the URL wins over the cookie)', async () => {
    const cookie = await previewCookie()
    const draft = text(await (await get('/', cookie)).text())
    expect(draft).toContain(DRAFT_TITLE)
    expect(draft).not.toContain(PUBLISHED_TITLE)
    const release = text(await (await get('/?sanity-preview-perspective=rVendasDeFimDeAno,drafts', cookie)).text())
    expect(release).toContain(RELEASE_TITLE)
  })

  it('puts edit links in the text, and none in links, sources, ids, meta tags, the title or structured data', async () => {
    const cookie = await previewCookie()
    for (const path of PAGES) {
      const html = await (await get(path, cookie)).text()
      expect(hasEditLinks(mainOf(html)), `${path}: some text carries an edit link`).toBe(true)
      for (const part of codeParts(html)) expect(hasEditLinks(part), `${path}: ${withoutEditLinks(part).slice(0, 80)}`).toBe(false)
    }
  })

  it('renders every page as a visitor sees it, edit links aside: no edit link changed what the code decided', async () => {
    const cookie = await previewCookie('&sanity-preview-perspective=published')
    for (const path of PAGES) {
      const visitor = steadyMainOf(await (await get(path)).text())
      const preview = steadyMainOf(await (await get(path, cookie)).text())
      expect(hasEditLinks(preview), path).toBe(true)
      expect(withoutEditLinks(preview).replace(EDIT_TARGETS, ''), path).toBe(visitor)
      expect(visitor, path).not.toMatch(EDIT_TARGETS)
    }
  })

  it('leaving: the cookie goes, and the same page comes back published', async () => {
    const cookie = await previewCookie()
    const response = await fetch(`${site.url}/api/preview-mode/disable`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: site.url },
      body: new URLSearchParams({ redirect: '/sobre' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/sobre')
    expect(response.headers.getSetCookie()[0]).toBe('pre_visualizacao=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
    expect((await get('/api/preview-mode/disable')).status).toBe(405)
  })
})

describe('a visitor', () => {
  it('never sees a draft: not before, during or after an editor’s preview, and not from the page cache', async () => {
    const first = await get('/')
    expect(first.headers.get('Cache-Control')).toMatch(/^public/)
    expect(first.headers.get('X-Frame-Options')).toBe('DENY')
    expect(await first.text()).toContain(PUBLISHED_TITLE)
    expect((await get('/')).headers.get('X-Page-Cache')).toBe('hit')
    // The editor's request is not answered from the cached copy, and its answer is not kept.
    const cookie = await previewCookie()
    expect(text(await (await get('/', cookie)).text())).toContain(DRAFT_TITLE)
    const after = await get('/')
    const html = await after.text()
    expect(html).toContain(PUBLISHED_TITLE)
    expect(html).not.toContain(DRAFT_TITLE)
    expect(html).not.toContain('Você está vendo rascunhos')
    expect(hasEditLinks(html)).toBe(false)
    // A forged or stale cookie is no preview either.
    const forged = await get('/', 'pre_visualizacao=eyJwZXJzcGVjdGl2ZSI6ImRyYWZ0cyIsInVudGlsIjo5OTk5OTk5OTk5OTk5fQ%3D%3D')
    expect(await forged.text()).toContain(PUBLISHED_TITLE)
    expect(forged.headers.get('Cache-Control')).toBe('private, no-store')
  })
})
