import { describe, expect, it } from 'vitest'
import { adminOf } from '~/admin/auth.server'
import { readLeadReceipt, serializeLeadReceipt } from '~/leads/lead-receipt'
import { consentOf } from '~/utils/cookies.server'
import { clearSiteCookie, readCookie, readSiteCookie, serializeSiteCookie, type SiteCookie } from '~/utils/cookies.server'
import type { Database } from '../../db/client'

const SECRET = 'um-segredo-de-teste-bem-longo'
const httpSite = { SESSION_SECRET: SECRET, SITE_URL: 'http://localhost:3000' }
const httpsSite = { ...httpSite, SITE_URL: 'https://www.alavanca.com.br' }
const overHttp = new Request('http://localhost:3000/contato')
const overHttps = new Request('https://localhost:3000/contato')
const withCookie = (cookie: string) => new Request('http://localhost:3000/', { headers: { Cookie: cookie } })

const token = 'Ab3_-'.repeat(8) + 'xyz'
const receipt = serializeLeadReceipt({
  form: 'contact',
  eventId: '0b7c1c3e-1111-4a4a-9b9b-123456789abc',
  sessionId: 'session_1764000000000_abc123def',
  delivery: 'delivered',
})

/** Each cookie with a value of its own and every attribute of its `Set-Cookie`, in order, over plain http. */
const cases: Array<{ cookie: SiteCookie; value: unknown; name: string; attributes: string }> = [
  // Signed, httpOnly, no Max-Age or Expires: it ends with the browsing session.
  {
    cookie: 'origin',
    value: { sessionId: 'session_1764000000000_abc123def', landingPage: 'http://localhost:3000/' },
    name: 'lead_origin',
    attributes: 'Path=/; HttpOnly; SameSite=Lax',
  },
  { cookie: 'adminSession', value: token, name: 'admin_sessao', attributes: 'Max-Age=28800; Path=/; HttpOnly; SameSite=Lax' },
  // A device an admin signed in on: signed, httpOnly, 90 days.
  {
    cookie: 'adminDevice',
    value: { admin: '6f1c2d4e-0000-4000-8000-000000000001', device: 'AbCdEfGhIjKlMnOpQrStUv', until: 1_771_776_000_000 },
    name: 'admin_dispositivo',
    attributes: 'Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax',
  },
  // Read by the page's head script: not httpOnly, not signed.
  { cookie: 'consent', value: 'aceito', name: 'consentimento', attributes: 'Max-Age=15552000; Path=/; SameSite=Lax' },
  // Read once by the page's script: not httpOnly, not signed.
  { cookie: 'leadReceipt', value: receipt, name: 'lead_receipt', attributes: 'Max-Age=120; Path=/; SameSite=Lax' },
  // An editor's preview: signed, httpOnly, one hour.
  {
    cookie: 'preview',
    value: { perspective: 'drafts', until: 1_764_000_000_000 },
    name: 'pre_visualizacao',
    attributes: 'Max-Age=3600; Path=/; HttpOnly; SameSite=Lax',
  },
]

const valueOf = (setCookie: string) => setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';'))

describe('the site cookies', () => {
  for (const { cookie, value, name, attributes } of cases) {
    describe(name, () => {
      it('has its flags: the whole site, SameSite=Lax, its lifetime, httpOnly only where the browser must not read it', async () => {
        const setCookie = await serializeSiteCookie(overHttp, cookie, value, httpSite)
        expect(setCookie).toBe(`${name}=${valueOf(setCookie)}; ${attributes}`)
      })

      it('is Secure under an https SITE_URL and for a request that came over HTTPS', async () => {
        for (const [request, env] of [
          [overHttp, httpsSite],
          [overHttps, httpSite],
        ] as const) {
          const setCookie = await serializeSiteCookie(request, cookie, value, env)
          expect(setCookie).toBe(`${name}=${valueOf(setCookie)}; ${attributes.replace('SameSite=Lax', 'Secure; SameSite=Lax')}`)
        }
      })

      it('reads back what it wrote, among other cookies', async () => {
        const setCookie = await serializeSiteCookie(overHttp, cookie, value, httpSite)
        expect(await readSiteCookie(withCookie(`a=1; ${setCookie.split(';')[0]}; b=2`), cookie, httpSite)).toEqual(value)
        expect(await readSiteCookie(withCookie('a=1'), cookie, httpSite)).toBeNull()
        expect(await readSiteCookie(new Request('http://localhost:3000/'), cookie, httpSite)).toBeNull()
      })

      it('is deleted with an empty value and Max-Age=0, with the same flags', async () => {
        const setCookie = await clearSiteCookie(overHttp, cookie, httpSite)
        expect(setCookie).toBe(`${name}=; Max-Age=0; ${attributes.replace(/^Max-Age=\d+; /, '')}`)
      })
    })
  }

  it('writes the plain cookies value exactly as given: the format visitors hold and the browser reads', async () => {
    expect(await serializeSiteCookie(overHttp, 'adminSession', token, httpSite)).toMatch(new RegExp(`^admin_sessao=${token};`))
    expect(await serializeSiteCookie(overHttp, 'consent', 'recusado', httpSite)).toMatch(/^consentimento=recusado;/)
    expect(await serializeSiteCookie(overHttp, 'leadReceipt', receipt, httpSite)).toMatch(new RegExp(`^lead_receipt=${receipt.replace(/[%.]/g, '\\$&')};`))
  })

  it('signs the origin cookie with the first secret and verifies with any of them (rotation)', async () => {
    const value = { sessionId: 'session_1764000000000_abc123def' }
    const signed = (await serializeSiteCookie(overHttp, 'origin', value, { ...httpSite, SESSION_SECRET: 'segredo-antigo-bem-longo' })).split(';')[0]!
    expect(signed).toMatch(/^lead_origin=[^.]+\.[^.]+$/)
    expect(await readSiteCookie(withCookie(signed), 'origin', { ...httpSite, SESSION_SECRET: 'segredo-novo-bem-longo,segredo-antigo-bem-longo' })).toEqual(
      value,
    )
    expect(await readSiteCookie(withCookie(signed), 'origin', { ...httpSite, SESSION_SECRET: 'segredo-novo-bem-longo' })).toBeNull()
  })

  it('reads a tampered or malformed origin cookie as absent, never an error', async () => {
    const signed = (await serializeSiteCookie(overHttp, 'origin', { sessionId: 'x' }, httpSite)).split(';')[0]!
    const [name, value = ''] = signed.split('=')
    const swap = value[10] === 'A' ? 'B' : 'A'
    for (const cookie of [
      `${name}=${value.slice(0, 10)}${swap}${value.slice(11)}`,
      // A signature that is not base64 at all, and a value without one.
      `${name}=${value.split('.')[0]}.!!!`,
      `${name}=eyJzZXNzaW9uSWQiOiJ4In0`,
      `${name}=%E0%A4%A`,
      `${name}=`,
    ]) {
      expect(await readSiteCookie(withCookie(cookie), 'origin', httpSite), cookie).toBeNull()
    }
  })

  it('reads a malformed consent, receipt or admin session as absent', async () => {
    for (const cookie of ['consentimento=talvez', 'consentimento=', 'consentimento="aceito', 'consentimento=%E0%A4%A']) {
      expect(await consentOf(withCookie(cookie)), cookie).toBeNull()
    }
    for (const cookie of ['lead_receipt=%7Bnot-json', `lead_receipt=${encodeURIComponent('{"form":"contato"}')}`, 'lead_receipt=%E0%A4%A']) {
      const value = await readSiteCookie(withCookie(cookie), 'leadReceipt')
      expect(typeof value === 'string' ? readLeadReceipt(value) : null, cookie).toBeNull()
    }
    // A malformed token never reaches the database: this one would throw if it did.
    const noDatabase = {} as Database
    for (const cookie of ['admin_sessao=curto', `admin_sessao=${token}!`, `admin_sessao=${'a'.repeat(44)}`, 'admin_sessao=']) {
      expect(await adminOf(noDatabase, withCookie(cookie)), cookie).toBeNull()
    }
  })

  it('reads the marketing tags cookies by name with the same parser, URL-decoded when they decode', () => {
    const request = withCookie('_ga=GA1.1.123.456; _fbp=fb.1.1700000000000.42; _fbc=fb.1.1700000000000.IwAR%20x; bad=%E0%A4%A')
    expect(readCookie(request, '_ga')).toBe('GA1.1.123.456')
    expect(readCookie(request, '_fbp')).toBe('fb.1.1700000000000.42')
    expect(readCookie(request, '_fbc')).toBe('fb.1.1700000000000.IwAR x')
    expect(readCookie(request, 'bad')).toBe('%E0%A4%A')
    expect(readCookie(request, '_gid')).toBeNull()
    expect(readCookie(new Request('http://localhost:3000/'), '_ga')).toBeNull()
  })
})
