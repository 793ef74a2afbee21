import { describe, expect, it } from 'vitest'
import { FIRST_TOUCH_STORAGE_KEY, firstTouchScript } from '~/leads/first-touch'

/** Runs the inline script against a minimal window: its storage, its one timer and its pagehide listener. */
function runScript({ stored, storageFails = false }: { stored?: string; storageFails?: boolean } = {}) {
  const storage = new Map<string, string>(stored ? [[FIRST_TOUCH_STORAGE_KEY, stored]] : [])
  let timer: (() => void) | null = null
  let pagehide: (() => void) | null = null
  const window = {
    location: { href: 'https://agencia.com.br/blog?utm_source=instagram' },
    sessionStorage: {
      getItem: (key: string) => {
        if (storageFails) throw new Error('SecurityError')
        return storage.get(key) ?? null
      },
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    setTimeout: (callback: () => void) => ((timer = callback), 1),
    clearTimeout: () => (timer = null),
    addEventListener: (type: string, listener: () => void) => type === 'pagehide' && (pagehide = listener),
  }
  new Function('window', 'document', firstTouchScript())(window, { referrer: 'https://www.instagram.com/' })
  return { storage, fireTimer: () => timer?.(), leave: () => pagehide?.() }
}

const thisPage = JSON.stringify({ landingPage: 'https://agencia.com.br/blog?utm_source=instagram', referrer: 'https://www.instagram.com/' })

describe("the first-touch script (every page's inline record of the visit's first page)", () => {
  it('keeps this page and its referrer half a second after it runs', () => {
    const { storage, fireTimer } = runScript()
    expect(storage.size).toBe(0)
    fireTimer()
    expect(storage.get(FIRST_TOUCH_STORAGE_KEY)).toBe(thisPage)
  })

  it('keeps them at once when the visitor leaves sooner', () => {
    const { storage, leave, fireTimer } = runScript()
    leave()
    expect(storage.get(FIRST_TOUCH_STORAGE_KEY)).toBe(thisPage)
    fireTimer()
    expect(storage.get(FIRST_TOUCH_STORAGE_KEY)).toBe(thisPage)
  })

  it("never replaces the tab session's first page", () => {
    const first = JSON.stringify({ landingPage: 'https://agencia.com.br/?gclid=abc', referrer: '' })
    const { storage, fireTimer } = runScript({ stored: first })
    fireTimer()
    expect(storage.get(FIRST_TOUCH_STORAGE_KEY)).toBe(first)
  })

  it('keeps quiet when storage is blocked', () => {
    const { fireTimer } = runScript({ storageFails: true })
    expect(fireTimer).not.toThrow()
  })
})
