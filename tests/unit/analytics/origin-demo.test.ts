import { describe, expect, it } from 'vitest'
import { originDemoView } from '~/analytics/origin-demo.server'
import { captureOrigin } from '~/leads/origin-tracking.server'
import { cookieFrom, pageView, TEST_SITE } from '../../support/lead-requests'

/** /demo/origin-tracking's server view: what a lead from this visit would carry, read without storing anything. */
describe('the origin demo’s server view', () => {
  it('shows the campaign of an attributed view with the session the root loader records for the same page view', async () => {
    const visit = {}
    const view = pageView('/demo/origin-tracking?utm_source=instagram&utm_campaign=black-friday&fbclid=IwAR-x', { Cookie: 'consentimento=aceito' })
    // The root loader gets its own Request for the same page view, and the same load context.
    const root = await captureOrigin(new Request(view.url, { headers: view.headers }), { visit })
    const { origin, recorded, consent, clicked } = await originDemoView(view, visit)
    expect(recorded).toBe(true)
    expect(origin.sessionId).toBe(root.firstTouch.sessionId)
    expect(origin).toMatchObject({ utmSource: 'instagram', utmCampaign: 'black-friday', utmMedium: null, fbclid: 'IwAR-x', referrer: 'Direct Access' })
    expect(origin.fbc).toMatch(/^fb\.1\.\d+\.IwAR-x$/)
    expect(consent).toBe('aceito')
    expect(clicked).toBe(false)
  })

  it('has no session for a plain first view, and reads no Meta cookie without consent', async () => {
    const view = await originDemoView(pageView('/demo/origin-tracking', { Cookie: '_fbp=fb.1.1.2; _fbc=fb.1.1.abc' }), {})
    expect(view.recorded).toBe(false)
    expect(view.origin).toMatchObject({ sessionId: null, fbc: null, fbp: null, utmSource: null })
    expect(view.consent).toBeNull()
  })

  it('keeps the session of the visit’s cookie and says when the button was pressed without JavaScript', async () => {
    const first = await captureOrigin(pageView('/?utm_source=google'))
    const cookie = cookieFrom(first.headers)
    const view = await originDemoView(pageView('/demo/origin-tracking?clique=1', { Cookie: cookie }), {})
    expect(view).toMatchObject({ recorded: true, clicked: true })
    expect(view.origin).toMatchObject({ sessionId: first.firstTouch.sessionId, utmSource: 'google', pageUrl: `${TEST_SITE}/demo/origin-tracking` })
    expect(view.origin.landingPage).toBe(`${TEST_SITE}/?utm_source=google`)
  })
})
