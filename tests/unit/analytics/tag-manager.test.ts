import { describe, expect, it } from 'vitest'
import { dataLayerBootstrap } from '~/analytics/tag-manager'

/** Runs the inline script against a minimal window and document, as a browser would at the top of the page. */
function runBootstrap(script: string, cookie: string) {
  const appended: { src: string; async: boolean }[] = []
  const window: Record<string, unknown> = {}
  const document = {
    cookie,
    documentElement: { dataset: {} as Record<string, string> },
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (element: { src: string; async: boolean }) => appended.push(element) },
  }
  new Function('window', 'document', script)(window, document)
  const dataLayer = (window.dataLayer as unknown[]).map((entry) =>
    Array.isArray(entry) || typeof entry !== 'object' ? entry : 'length' in (entry as object) ? Array.from(entry as ArrayLike<unknown>) : entry,
  )
  return { window, dataLayer, appended, consent: document.documentElement.dataset.consent }
}

const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }
const granted = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }

describe('the data layer bootstrap (Consent Mode v2, ADR 031)', () => {
  it('defines the data layer with everything denied, and loads nothing, until the visitor accepts', () => {
    const { dataLayer, appended, consent } = runBootstrap(dataLayerBootstrap('GTM-ABC1234'), 'outro=1; consentimento=recusado')
    expect(dataLayer).toEqual([['consent', 'default', denied]])
    expect(appended).toEqual([])
    expect(consent).toBe('recusado')
    expect(runBootstrap(dataLayerBootstrap('GTM-ABC1234'), '').consent).toBeUndefined()
  })

  it('grants consent and loads the container when the cookie says aceito', () => {
    const { dataLayer, appended, consent } = runBootstrap(dataLayerBootstrap('GTM-ABC1234'), 'consentimento=aceito')
    expect(consent).toBe('aceito')
    expect(dataLayer).toEqual([['consent', 'default', denied], ['consent', 'update', granted], { 'gtm.start': expect.any(Number), event: 'gtm.js' }])
    expect(appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', async: true }])
  })

  it('without GTM_ID only updates consent, and loading twice adds one container', () => {
    expect(runBootstrap(dataLayerBootstrap(null), 'consentimento=aceito').appended).toEqual([])
    const { window, appended } = runBootstrap(dataLayerBootstrap('GTM-ABC1234'), 'consentimento=aceito')
    ;(window.loadTagManager as () => void)()
    expect(appended).toHaveLength(1)
  })

  it('is the same text for every visitor (one hash in a cached page’s CSP)', () => {
    expect(dataLayerBootstrap('GTM-ABC1234')).toBe(dataLayerBootstrap('GTM-ABC1234'))
    expect(dataLayerBootstrap('GTM-ABC1234')).not.toContain('aceito=')
  })
})
