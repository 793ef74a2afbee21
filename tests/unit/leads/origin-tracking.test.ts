import { describe, expect, it } from 'vitest'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { captureOrigin, DIRECT_ACCESS, externalReferrer, pageUrlOf, readOrigin } from '~/leads/origin-tracking.server'
import { cookieFrom, pageView, TEST_SITE } from '../../support/lead-requests'

describe('origin tracking', () => {
  it('maps Remix data requests back to the page the visitor sees', () => {
    expect(pageUrlOf(new Request(`${TEST_SITE}/blog.data?utm_source=x&_routes=routes%2Fblog`))).toBe(`${TEST_SITE}/blog?utm_source=x`)
    expect(pageUrlOf(new Request(`${TEST_SITE}/_root.data`))).toBe(`${TEST_SITE}/`)
    expect(pageUrlOf(new Request(`${TEST_SITE}/?index`))).toBe(`${TEST_SITE}/`)
  })

  it("keeps only an external referrer; our own pages and none are 'Direct Access'", () => {
    expect(externalReferrer(pageView('/', { Referer: 'https://www.google.com/search?q=agencia' }))).toBe('https://www.google.com/search?q=agencia')
    expect(externalReferrer(pageView('/', { Referer: `${TEST_SITE}/sobre` }))).toBe(DIRECT_ACCESS)
    expect(externalReferrer(pageView('/'))).toBe(DIRECT_ACCESS)
    expect(externalReferrer(pageView('/', { Referer: 'android-app://com.google' }))).toBe(DIRECT_ACCESS)
  })

  it('records the first touch once per session, with a session id in the spec format', async () => {
    const { origin, firstTouch, headers } = await captureOrigin(pageView('/?utm_source=google&utm_medium=cpc&gclid=Cj0K'), { now: 1_763_640_000_000 })
    expect(firstTouch.sessionId).toMatch(/^session_1763640000000_[a-z0-9]{9}$/)
    expect(origin).toMatchObject({ utmSource: 'google', utmMedium: 'cpc', gclid: 'Cj0K', referrer: DIRECT_ACCESS, fbc: null, fbp: null })
    const setCookie = headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(/HttpOnly/)
    expect(setCookie).toMatch(/SameSite=Lax/)
    // A session cookie: it ends with the browsing session.
    expect(setCookie).not.toMatch(/Max-Age|Expires/)
  })

  it('sets no cookie on a plain page view (a CDN may share it), one on a view with attribution', async () => {
    const plain = await captureOrigin(pageView('/sobre'))
    expect(plain.headers.has('Set-Cookie')).toBe(false)
    expect(plain.origin.referrer).toBe(DIRECT_ACCESS)
    const fromOurOwnPage = await captureOrigin(pageView('/sobre', { Referer: `${TEST_SITE}/` }))
    expect(fromOurOwnPage.headers.has('Set-Cookie')).toBe(false)

    for (const view of [pageView('/?fbclid=IwAR1'), pageView('/sobre?utm_campaign=black-friday'), pageView('/', { Referer: 'https://www.google.com/' })]) {
      expect((await captureOrigin(view)).headers.get('Set-Cookie'), view.url).toMatch(/^lead_origin=/)
    }
  })

  it('ignores a tampered cookie and starts a new first touch', async () => {
    const { headers } = await captureOrigin(pageView('/?utm_source=instagram'))
    const cookie = cookieFrom(headers)
    const [name, value = ''] = cookie.split('=')
    const swap = value[10] === 'A' ? 'B' : 'A'
    const tampered = `${name}=${value.slice(0, 10)}${swap}${value.slice(11)}`
    const again = await captureOrigin(pageView('/?utm_source=outra', { Cookie: tampered }))
    expect(again.headers.has('Set-Cookie')).toBe(true)
    expect(again.origin.utmSource).toBe('outra')
  })

  it('with consent, uses the Meta cookies, or rebuilds _fbc from fbclid', async () => {
    const metaCookies = '_fbc=fb.1.1700000000000.abc; _fbp=fb.1.1700000000000.123456'
    const withCookies = await captureOrigin(pageView('/', { Cookie: `${metaCookies}; consentimento=aceito` }))
    expect(withCookies.origin).toMatchObject({ fbc: 'fb.1.1700000000000.abc', fbp: 'fb.1.1700000000000.123456' })
    const rebuilt = await captureOrigin(pageView('/?fbclid=IwAR9', { Cookie: 'consentimento=aceito' }), { now: 1_763_640_000_000 })
    expect(rebuilt.origin.fbc).toBe('fb.1.1763640000000.IwAR9')
  })

  it('without consent (none given, or refused), neither reads the Meta cookies nor rebuilds _fbc', async () => {
    const metaCookies = '_fbc=fb.1.1700000000000.abc; _fbp=fb.1.1700000000000.123456'
    for (const cookie of [metaCookies, `${metaCookies}; consentimento=recusado`]) {
      const { origin } = await captureOrigin(pageView('/?fbclid=IwAR9', { Cookie: cookie }))
      expect(origin).toMatchObject({ fbc: null, fbp: null, fbclid: 'IwAR9' })
    }
  })

  it('without a cookie, reads the campaign from the posted page and ignores a page URL of another site', async () => {
    const form = new FormData()
    form.set(LEAD_HIDDEN_FIELDS.pageUrl, `${TEST_SITE}/contato?utm_source=newsletter`)
    const { origin } = await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form }), form, { formId: 'contact_page_form' })
    expect(origin).toMatchObject({
      utmSource: 'newsletter',
      pageUrl: `${TEST_SITE}/contato?utm_source=newsletter`,
      formId: 'contact_page_form',
      referrer: DIRECT_ACCESS,
    })

    const foreign = new FormData()
    foreign.set(LEAD_HIDDEN_FIELDS.pageUrl, 'https://phishing.example/contato?utm_source=x')
    const safe = (await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: foreign }), foreign)).origin
    expect(safe.pageUrl).toBe(`${TEST_SITE}/contato`)
    expect(safe.utmSource).toBeNull()
  })

  it('without a cookie, takes the first touch the browser kept (landing page and external referrer) and sets the cookie for the rest of the visit', async () => {
    const form = new FormData()
    form.set(LEAD_HIDDEN_FIELDS.pageUrl, `${TEST_SITE}/contato`)
    form.set(LEAD_HIDDEN_FIELDS.landingPage, `${TEST_SITE}/blog/7-automacoes?utm_source=linkedin&utm_campaign=lancamento`)
    form.set(LEAD_HIDDEN_FIELDS.referrer, 'https://www.linkedin.com/feed/')
    const first = await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form }), form)
    expect(first.origin).toMatchObject({
      pageUrl: `${TEST_SITE}/contato`,
      landingPage: `${TEST_SITE}/blog/7-automacoes?utm_source=linkedin&utm_campaign=lancamento`,
      utmSource: 'linkedin',
      utmCampaign: 'lancamento',
      referrer: 'https://www.linkedin.com/feed/',
    })
    const cookie = cookieFrom(first.headers)
    expect(cookie).toMatch(/^lead_origin=/)

    // The next lead of the visit: the cookie wins over whatever is posted, same session.
    const other = new FormData()
    other.set(LEAD_HIDDEN_FIELDS.landingPage, `${TEST_SITE}/?utm_source=outra`)
    other.set(LEAD_HIDDEN_FIELDS.referrer, 'https://outra.example/')
    const second = await readOrigin(new Request(`${TEST_SITE}/blog`, { method: 'POST', body: other, headers: { Cookie: cookie } }), other)
    expect(second.headers.has('Set-Cookie')).toBe(false)
    expect(second.origin).toMatchObject({ sessionId: first.origin.sessionId, utmSource: 'linkedin', referrer: 'https://www.linkedin.com/feed/' })
  })

  it('never takes a posted landing page of another site, nor our own site or a non-web address as the referrer', async () => {
    const form = new FormData()
    form.set(LEAD_HIDDEN_FIELDS.pageUrl, `${TEST_SITE}/contato`)
    form.set(LEAD_HIDDEN_FIELDS.landingPage, 'https://phishing.example/?utm_source=x')
    form.set(LEAD_HIDDEN_FIELDS.referrer, `${TEST_SITE}/sobre`)
    const { origin } = await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form }), form)
    expect(origin).toMatchObject({ landingPage: `${TEST_SITE}/contato`, utmSource: null, referrer: DIRECT_ACCESS })
    form.set(LEAD_HIDDEN_FIELDS.referrer, 'javascript:alert(1)')
    expect((await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form }), form)).origin.referrer).toBe(DIRECT_ACCESS)
  })

  it('one session id per visit, the server’s: the cookie’s id wins, and a posted id never chooses it', async () => {
    const visit = await captureOrigin(pageView('/?utm_source=google'))
    const form = new FormData()
    form.set('_session_id', 'session_1_forged0000')
    const withCookie = await readOrigin(
      new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form, headers: { Cookie: cookieFrom(visit.headers) } }),
      form,
    )
    expect(withCookie.origin.sessionId).toBe(visit.firstTouch.sessionId)

    const withoutCookie = (await readOrigin(new Request(`${TEST_SITE}/contato`, { method: 'POST', body: form }), form)).origin
    expect(withoutCookie.sessionId).toMatch(/^session_\d+_[a-z0-9]{9}$/)
    expect(withoutCookie.sessionId).not.toBe('session_1_forged0000')
  })
})

describe('captureOrigin asked twice about one Request (only the root loader asks; a second caller must not mint a second session)', () => {
  it('gives both the same first touch and cookie', async () => {
    const request = pageView('/?utm_source=google')
    const [root, page] = await Promise.all([captureOrigin(request), captureOrigin(request)])
    expect(page.firstTouch.sessionId).toBe(root.firstTouch.sessionId)
    expect(page.headers.get('Set-Cookie')).toBe(root.headers.get('Set-Cookie'))
  })
})
