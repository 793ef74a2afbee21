import { describe, expect, it } from 'vitest'
import { dataLayerBootstrap } from '~/analytics/tag-manager'

/**
 * Runs the inline script against a minimal window and document, as a browser
 * would at the top of the page: `consent` is what the server put in
 * `<html data-consent>`, `stored` what the Cookie Store API says (undefined:
 * a browser without it).
 */
async function runBootstrap(script: string, { consent, stored }: { consent?: string; stored?: string | null }) {
  const appended: { src: string; async: boolean }[] = []
  const dataset: Record<string, string> = consent ? { consent } : {}
  const window: Record<string, unknown> = {}
  if (stored !== undefined) window.cookieStore = { get: async () => (stored === null ? null : { value: stored }) }
  const document = {
    documentElement: { dataset },
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (element: { src: string; async: boolean }) => appended.push(element) },
  }
  new Function('window', 'document', script)(window, document)
  await new Promise((resolve) => setTimeout(resolve, 0))
  // gtag pushes `arguments` objects: compare them as arrays.
  const dataLayer = (window.dataLayer as unknown[]).map((entry) =>
    typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry,
  )
  return { window, dataLayer, appended, consent: dataset.consent }
}

const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }
const granted = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }

describe('the data layer bootstrap (Consent Mode v2, ADR 031)', () => {
  it('defines the data layer with everything denied, and loads nothing, until the visitor accepts', async () => {
    const { dataLayer, appended, consent } = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { consent: 'recusado', stored: 'recusado' })
    expect(dataLayer).toEqual([['consent', 'default', denied]])
    expect(appended).toEqual([])
    expect(consent).toBe('recusado')
    expect((await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), {})).consent).toBeUndefined()
  })

  it('grants consent and loads the container when the page says aceito', async () => {
    const { dataLayer, appended } = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { consent: 'aceito' })
    expect(dataLayer).toEqual([['consent', 'default', denied], ['consent', 'update', granted], { 'gtm.start': expect.any(Number), event: 'gtm.js' }])
    expect(appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', async: true }])
  })

  it('follows the cookie when a copy cached for someone else says otherwise', async () => {
    const corrected = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored: 'aceito' })
    expect(corrected.consent).toBe('aceito')
    expect(corrected.appended).toHaveLength(1)
    expect((await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored: null })).consent).toBeUndefined()
  })

  it('without GTM_ID only updates consent, and loading twice adds one container', async () => {
    expect((await runBootstrap(dataLayerBootstrap(null), { consent: 'aceito' })).appended).toEqual([])
    const { window, appended } = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { consent: 'aceito' })
    ;(window.loadTagManager as () => void)()
    expect(appended).toHaveLength(1)
  })

  it('is the same text for every visitor (one hash in a cached page’s CSP)', () => {
    expect(dataLayerBootstrap('GTM-ABC1234')).toBe(dataLayerBootstrap('GTM-ABC1234'))
    expect(dataLayerBootstrap('GTM-ABC1234')).not.toContain('document.cookie')
  })
})
