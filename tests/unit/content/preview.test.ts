import type { SanityClientLike } from '@sanity/preview-url-secret'
import { describe, expect, it } from 'vitest'
import { candidateIds, choosePerspective, parsePerspective, publishedIdOf } from '~/content/perspective'
import { carriesPreviewCookie, DISABLE_FIELDS, disablePreview, enablePreview, enableSeedPreview, previewMessages, readPreview } from '~/content/preview.server'
import { overlayPerspective, readSeedDataset, readSeedDrafts, type SeedDocument } from '~/content/seed-dataset.server'

/**
 * Draft preview's own rules (ADR 037), without HTTP: the enable route with a
 * stand-in client (the real `validatePreviewUrl` runs: it takes any object
 * with a token in `config()`, `withConfig()` and `fetch()`), the exit, the
 * cookie's life, the perspective and the overlay of drafts on the seed.
 */
const NOW = Date.parse('2026-11-26T12:00:00Z')
const SECRET = 'segredo-criado-pelo-studio'

/** The Content Lake's answer to the secret query: a secret the Studio created (and has not expired) or none. */
function studioClient(known: string[] = [SECRET]): SanityClientLike & { queries: Array<Record<string, unknown>> } {
  const client = {
    queries: [] as Array<Record<string, unknown>>,
    config: () => ({ token: 'token-de-leitura' }),
    withConfig: () => client,
    fetch: async (_query: string, params: Record<string, unknown>) => {
      client.queries.push(params)
      const secret = String(params.secret)
      return {
        private: known.includes(secret) ? { _id: 'sanity-preview-url-secret.x', _updatedAt: new Date(NOW).toISOString(), secret, studioUrl: '/studio' } : null,
        public: null,
      }
    },
  }
  return client as unknown as SanityClientLike & { queries: Array<Record<string, unknown>> }
}

const enableUrl = (query: Record<string, string>) => `http://localhost:3000/api/preview-mode/enable?${new URLSearchParams(query)}`
const cookieOf = (response: Response) => response.headers.getSetCookie()[0]?.split(';')[0] ?? ''
const withCookie = (cookie: string, path = '/') => new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } })

describe('GET /api/preview-mode/enable', () => {
  it('a secret the Studio made: a signed one-hour cookie, and a redirect to the page asked for', async () => {
    const client = studioClient()
    const response = await enablePreview(
      new Request(
        enableUrl({ 'sanity-preview-secret': SECRET, 'sanity-preview-pathname': '/casos/atrax?x=1#historia', 'sanity-preview-perspective': 'drafts' }),
      ),
      client,
      NOW,
    )
    expect(response.status).toBe(307)
    expect(response.headers.get('Location')).toBe('/casos/atrax?x=1&sanity-preview-perspective=drafts#historia')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const [setCookie] = response.headers.getSetCookie()
    expect(setCookie).toMatch(/^pre_visualizacao=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/)
    expect(client.queries).toEqual([{ secret: SECRET }])
    expect(await readPreview(withCookie(cookieOf(response)), NOW + 1000)).toEqual({ perspective: ['drafts'] })
  })

  it('keeps the release the Studio is showing', async () => {
    const response = await enablePreview(
      new Request(enableUrl({ 'sanity-preview-secret': SECRET, 'sanity-preview-perspective': 'rVendasDeFimDeAno,drafts' })),
      studioClient(),
      NOW,
    )
    expect(await readPreview(withCookie(cookieOf(response)), NOW)).toEqual({ perspective: ['rVendasDeFimDeAno', 'drafts'] })
  })

  it('refuses a wrong, used-up or expired secret, or none, with 401 and no cookie', async () => {
    for (const query of [{ 'sanity-preview-secret': 'adivinhado' }, {}, { 'sanity-preview-secret': ' ' }] as Record<string, string>[]) {
      const response = await enablePreview(new Request(enableUrl(query)), studioClient(), NOW)
      expect(response.status, JSON.stringify(query)).toBe(401)
      expect(await response.text()).toBe(previewMessages.invalid)
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })

  it('without a project and a read token there is nothing to check the secret with: 401', async () => {
    const response = await enablePreview(new Request(enableUrl({ 'sanity-preview-secret': SECRET })), null, NOW)
    expect(response.status).toBe(401)
    expect(await response.text()).toBe(previewMessages.notConfigured)
  })

  it('never redirects to another site, whatever the link says', async () => {
    for (const target of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example/x', 'http://localhost:3000//evil.example', '///evil.example']) {
      const response = await enablePreview(new Request(enableUrl({ 'sanity-preview-secret': SECRET, 'sanity-preview-pathname': target })), studioClient(), NOW)
      const location = response.headers.get('Location') ?? ''
      expect(location, target).toMatch(/^\/(?!\/)/)
      expect(new URL(location, 'http://localhost:3000').origin, target).toBe('http://localhost:3000')
    }
  })
})

describe('the preview cookie', () => {
  it('ends after an hour, and a tampered or foreign one reads as no preview', async () => {
    const cookie = cookieOf(await enablePreview(new Request(enableUrl({ 'sanity-preview-secret': SECRET })), studioClient(), NOW))
    expect(await readPreview(withCookie(cookie), NOW + 59 * 60_000)).not.toBeNull()
    expect(await readPreview(withCookie(cookie), NOW + 60 * 60_000)).toBeNull()
    const [name, value] = cookie.split('=')
    expect(await readPreview(withCookie(`${name}=${value!.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'))}`), NOW)).toBeNull()
    expect(await readPreview(withCookie('pre_visualizacao=eyJwZXJzcGVjdGl2ZSI6ImRyYWZ0cyJ9'), NOW)).toBeNull()
    expect(await readPreview(new Request('http://localhost:3000/'), NOW)).toBeNull()
  })

  it("the URL's perspective wins over the cookie's; a malformed one falls back to it", async () => {
    const cookie = cookieOf(await enablePreview(new Request(enableUrl({ 'sanity-preview-secret': SECRET })), studioClient(), NOW))
    expect(await readPreview(withCookie(cookie, '/?sanity-preview-perspective=rPromo,drafts'), NOW)).toEqual({ perspective: ['rPromo', 'drafts'] })
    expect(await readPreview(withCookie(cookie, '/?sanity-preview-perspective=published'), NOW)).toEqual({ perspective: ['published'] })
    expect(await readPreview(withCookie(cookie, '/?sanity-preview-perspective=%3Cscript%3E'), NOW)).toEqual({ perspective: ['drafts'] })
  })
})

describe('telling a preview request apart, before anything parses it', () => {
  it('any request with the preview cookie, valid or not, and no other', () => {
    expect(carriesPreviewCookie('pre_visualizacao=abc')).toBe(true)
    expect(carriesPreviewCookie('consentimento=aceito; pre_visualizacao=')).toBe(true)
    expect(carriesPreviewCookie('x_pre_visualizacao=abc; pre_visualizacao_x=1')).toBe(false)
    expect(carriesPreviewCookie(undefined)).toBe(false)
  })
})

describe('POST /api/preview-mode/disable', () => {
  it('deletes the cookie and goes back to the page, published', async () => {
    const response = await disablePreview(new Request('http://localhost:3000/api/preview-mode/disable', { method: 'POST' }), '/sobre?x=1')
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/sobre?x=1')
    expect(response.headers.getSetCookie()).toEqual(['pre_visualizacao=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax'])
    expect((await disablePreview(new Request('http://localhost:3000/x', { method: 'POST' }), '//evil.example')).headers.get('Location')).toBe('/')
    expect([...DISABLE_FIELDS]).toEqual(['redirect'])
  })
})

describe('GET /api/preview-mode/seed', () => {
  it('turns a preview of the seed on where allowed, and does not exist elsewhere', async () => {
    const on = await enableSeedPreview(new Request('http://localhost:3000/api/preview-mode/seed?sanity-preview-pathname=/sobre'), true, NOW)
    expect(on.status).toBe(307)
    expect(on.headers.get('Location')).toBe('/sobre')
    expect(await readPreview(withCookie(cookieOf(on)), NOW)).toEqual({ perspective: ['drafts'] })
    const off = await enableSeedPreview(new Request('http://localhost:3000/api/preview-mode/seed'), false, NOW)
    expect(off.status).toBe(404)
    expect(off.headers.getSetCookie()).toEqual([])
  })
})

describe('perspectives', () => {
  it('reads the Studio’s list and refuses anything else', () => {
    expect(parsePerspective('drafts')).toEqual(['drafts'])
    expect(parsePerspective('rSpring, drafts')).toEqual(['rSpring', 'drafts'])
    expect(parsePerspective('published')).toEqual(['published'])
    for (const bad of ['', 'published,drafts', 'drafts,', 'a b', '../x', 'x'.repeat(65), Array(11).fill('r1').join(',')])
      expect(parsePerspective(bad), bad).toBeNull()
    expect(choosePerspective(null, null)).toEqual(['drafts'])
    expect(choosePerspective('nada bom', ['rA', 'drafts'])).toEqual(['rA', 'drafts'])
  })

  it('looks for a release’s version, then the draft, then the published document', () => {
    expect(candidateIds('homePage', ['rA', 'drafts'])).toEqual(['versions.rA.homePage', 'drafts.homePage', 'homePage'])
    expect(candidateIds('homePage', ['published'])).toEqual(['homePage'])
    expect(publishedIdOf('versions.rA.case.x')).toBe('case.x')
    expect(publishedIdOf('drafts.homePage')).toBe('homePage')
  })

  it('overlays the seed’s drafts as the Content Lake would, and only when asked', () => {
    const published = readSeedDataset()
    const drafts = readSeedDrafts()
    const home = (dataset: SeedDocument[]) =>
      dataset.find((document) => document._id === 'homePage') as SeedDocument & { hero: { title: string }; _originalId?: string }
    expect(published.some((document) => document._id.startsWith('drafts.'))).toBe(false)
    expect(home(published).hero.title).toBe('Transformamos o seu negócio em uma máquina de vendas')
    const withDrafts = overlayPerspective(published, drafts, ['drafts'])
    expect(home(withDrafts).hero.title).toBe('Seu negócio vendendo mais todos os dias, com IA e automação')
    expect(home(withDrafts)._originalId).toBe('drafts.homePage')
    expect(withDrafts).toHaveLength(published.length)
    expect(home(overlayPerspective(published, drafts, ['rVendasDeFimDeAno', 'drafts'])).hero.title).toBe(
      'Fim de ano com a agenda cheia: prepare agora as suas campanhas',
    )
    expect(home(overlayPerspective(published, drafts, ['published'])).hero.title).toBe(home(published).hero.title)
    // A document that exists only as a draft appears in a preview, and nowhere else.
    const onlyDraft = { _id: 'drafts.faq-novo', _type: 'faqItem', question: 'Nova pergunta?' }
    expect(overlayPerspective(published, [onlyDraft], ['drafts']).find((document) => document._id === 'faq-novo')).toMatchObject({ question: 'Nova pergunta?' })
    expect(overlayPerspective(published, [onlyDraft], ['published']).find((document) => document._id === 'faq-novo')).toBeUndefined()
  })
})
