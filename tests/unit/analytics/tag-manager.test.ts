import { describe, expect, it } from 'vitest'
import { dataLayerBootstrap } from '~/analytics/tag-manager'

/**
 * Runs the inline script against a minimal window and document, as a browser
 * would at the top of the page. The page itself never carries a choice (a
 * shared cache hands it to everyone, ADR 034): the script reads the visitor's
 * own cookie, from the Cookie Store API (`stored`; `'fails'`: the API
 * rejects) or, in a browser without it (`stored` undefined), from
 * `document.cookie` (`cookieHeader`).
 */
async function runBootstrap(script: string, { stored, cookieHeader = '' }: { stored?: string | null | 'fails'; cookieHeader?: string }) {
  const appended: { src: string; async: boolean }[] = []
  const dataset: Record<string, string> = {}
  const window: Record<string, unknown> = {}
  let cookieReads = 0
  if (stored !== undefined)
    window.cookieStore = {
      get: async () => {
        if (stored === 'fails') throw new Error('SecurityError')
        return stored === null ? null : { value: stored }
      },
    }
  const document = {
    documentElement: { dataset },
    createElement: () => ({ src: '', async: false }),
    head: { appendChild: (element: { src: string; async: boolean }) => appended.push(element) },
    get cookie() {
      cookieReads += 1
      return cookieHeader
    },
  }
  new Function('window', 'document', script)(window, document)
  // While the cookie is being read, the banner stays hidden (app.css) and nothing is granted.
  const whileReading = { reading: 'consentReading' in dataset, dataLayerLength: (window.dataLayer as unknown[]).length }
  const choice = await (window.consentChoice as Promise<string | null>)
  // gtag pushes `arguments` objects: compare them as arrays.
  const dataLayer = (window.dataLayer as unknown[]).map((entry) =>
    typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry,
  )
  return { window, dataLayer, appended, choice, consent: dataset.consent, reading: 'consentReading' in dataset, whileReading, cookieReads }
}

const denied = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }
const granted = { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'granted' }

describe('the data layer bootstrap (Consent Mode v2, ADR 031 and 034)', () => {
  it('defines the data layer with everything denied, and hides the banner until the cookie is read', async () => {
    const run = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored: 'recusado' })
    expect(run.whileReading).toEqual({ reading: true, dataLayerLength: 1 })
    expect(run.dataLayer).toEqual([['consent', 'default', denied]])
    expect(run.appended).toEqual([])
    expect(run).toMatchObject({ choice: 'recusado', consent: 'recusado', reading: false })
  })

  it('grants consent and loads the container once the visitor’s own cookie says aceito', async () => {
    const { dataLayer, appended, choice } = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored: 'aceito' })
    expect(choice).toBe('aceito')
    expect(dataLayer).toEqual([['consent', 'default', denied], ['consent', 'update', granted], { 'gtm.start': expect.any(Number), event: 'gtm.js' }])
    expect(appended).toEqual([{ src: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234', async: true }])
  })

  it('without a choice (no cookie, another value, a read that fails) shows the banner and grants nothing', async () => {
    for (const stored of [null, 'talvez', 'fails'] as const) {
      const run = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored })
      expect(run, String(stored)).toMatchObject({ choice: null, consent: undefined, reading: false, appended: [] })
      expect(run.dataLayer).toEqual([['consent', 'default', denied]])
    }
  })

  it('reads document.cookie only in a browser without the Cookie Store API (Chromium reports such reads)', async () => {
    expect((await runBootstrap(dataLayerBootstrap(null), { stored: 'aceito', cookieHeader: 'consentimento=recusado' })).cookieReads).toBe(0)
    const fallback = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { cookieHeader: 'outro=1; consentimento=aceito; x=2' })
    expect(fallback).toMatchObject({ choice: 'aceito', consent: 'aceito', cookieReads: 1 })
    expect(fallback.appended).toHaveLength(1)
    expect((await runBootstrap(dataLayerBootstrap(null), { cookieHeader: 'naoconsentimento=aceito' })).choice).toBeNull()
  })

  it('without GTM_ID only updates consent, and loading twice adds one container', async () => {
    expect((await runBootstrap(dataLayerBootstrap(null), { stored: 'aceito' })).appended).toEqual([])
    const { window, appended } = await runBootstrap(dataLayerBootstrap('GTM-ABC1234'), { stored: 'aceito' })
    ;(window.loadTagManager as () => void)()
    expect(appended).toHaveLength(1)
  })

  it('is the same text for every visitor (one hash in a cached page’s CSP)', () => {
    expect(dataLayerBootstrap('GTM-ABC1234')).toBe(dataLayerBootstrap('GTM-ABC1234'))
  })
})
