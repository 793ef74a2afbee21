import { describe, expect, it } from 'vitest'
import { inlineScripts } from '~/server/inline-scripts'
import { deferModulesToIntent } from '~/server/load-on-intent'
import {
  DEFER_TO_INTENT_ATTRIBUTE,
  DEFERRED_MODULE_ATTRIBUTE,
  DEFERRED_MODULES_TYPE,
  DEFERRED_PRELOAD_REL,
  INTENT_EVENTS,
  intentLoaderScript,
} from '~/utils/intent-loader'

// What Remix's <Links>/<Scripts> render for a page (Remix 2, Vite, single fetch), trimmed.
const remixModuleScript = [
  ';',
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/_index-B.js";',
  'window.__remixManifest = {"entry":{"module":"/assets/entry.client-C.js"}};',
  'window.__remixRouteModules = {"root":route0,"routes/_index":route1};',
  '',
  'import("/assets/entry.client-C.js");',
].join('\n')
const context = 'window.__remixContext = {"basename":"/"};window.__remixContext.stream = new ReadableStream({})'
const data = 'window.__remixContext.streamController.enqueue("[{\\"_1\\":2}]");'
const page = [
  '<html><head><script>(function(w){w.dataLayer=w.dataLayer||[]})(window)</script>',
  '<link rel="modulepreload" href="/assets/shell-D.js"/><link rel="modulepreload" href="/assets/root-A.js"/>',
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Olá</h1>',
  `<script ${DEFER_TO_INTENT_ATTRIBUTE}="">window.ENV = {"MODE":"production"}</script>`,
  '<script>window.scrollRestoration = 1</script>',
  `<script>${context}</script>`,
  `<script type="module" async="">${remixModuleScript}</script>`,
  `<script>${data}</script>`,
  '<script>window.__remixContext.streamController.close();</script></body></html>',
].join('')

describe('deferring the modules to the first intent (ADR 033)', () => {
  it("keeps Remix's module script, its context and data, and what is marked for the modules, unchanged, in data blocks the CSP allows", () => {
    const html = deferModulesToIntent(page)
    expect(html).toContain(`<script type="${DEFERRED_MODULES_TYPE}" ${DEFERRED_MODULE_ATTRIBUTE}="">${remixModuleScript}</script>`)
    expect(html).toContain(`<script type="${DEFERRED_MODULES_TYPE}">${context}</script>`)
    expect(html).toContain(`<script type="${DEFERRED_MODULES_TYPE}">${data}</script>`)
    // What the browser runs with the page (the data layer, the scroll restoration) and what the loader runs on the first intent, in document order: all of it is hashed into the CSP.
    expect(inlineScripts(html)).toEqual([
      '(function(w){w.dataLayer=w.dataLayer||[]})(window)',
      'window.ENV = {"MODE":"production"}',
      'window.scrollRestoration = 1',
      context,
      remixModuleScript,
      data,
      'window.__remixContext.streamController.close();',
    ])
    // Only those blocks are held: the browser runs the others with the page.
    const runNow = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])
    expect(runNow).toEqual(['(function(w){w.dataLayer=w.dataLayer||[]})(window)', 'window.scrollRestoration = 1'])
    expect(html).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>')
  })

  it('turns the module preloads into links the browser ignores, changing no element (React hydrates the same tree)', () => {
    const html = deferModulesToIntent(page)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain(`<link rel="${DEFERRED_PRELOAD_REL}" href="/assets/shell-D.js"/><link rel="${DEFERRED_PRELOAD_REL}" href="/assets/root-A.js"/>`)
    const tags = (text: string) => [...text.matchAll(/<(\w+)/g)].map((match) => match[1])
    expect(tags(html)).toEqual(tags(page))
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>')
  })

  it('leaves a document without Remix modules (a static error page) as it is', () => {
    const plain = '<html><body><script>window.__remixContext = {}</script><script type="module" async="">import "/x.js"</script></body></html>'
    expect(deferModulesToIntent(plain)).toBe(plain)
  })
})

type Listener = () => void

type Block = { textContent: string; module?: boolean }
const blocks: Block[] = [{ textContent: 'window.__remixContext = {}' }, { textContent: 'import("/assets/entry.js")', module: true }, { textContent: 'close()' }]

/** Runs the loader against a minimal window and document; returns what it appended and how to fire events. */
function runLoader({ deferred = blocks, readyState = 'complete' }: { deferred?: Block[]; readyState?: string } = {}) {
  const listeners = new Map<string, Listener>()
  const documentListeners = new Map<string, Listener>()
  const appended: Array<{ type: string; textContent: string }> = []
  const window = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    removeEventListener: (type: string, listener: Listener) => listeners.get(type) === listener && listeners.delete(type),
  }
  const document = {
    readyState,
    querySelectorAll: (selector: string) =>
      selector === `script[type="${DEFERRED_MODULES_TYPE}"]`
        ? deferred.map((block) => ({
            textContent: block.textContent,
            hasAttribute: (name: string) => name === DEFERRED_MODULE_ATTRIBUTE && Boolean(block.module),
          }))
        : [],
    createElement: () => ({ type: '', textContent: '' }),
    addEventListener: (type: string, listener: Listener) => documentListeners.set(type, listener),
    body: { appendChild: (element: { type: string; textContent: string }) => appended.push(element) },
  }
  new Function('window', 'document', intentLoaderScript())(window, document)
  return { listeners, documentListeners, appended, document }
}

describe('the intent loader (the inline script)', () => {
  it('waits for a sign of intent, then runs the deferred blocks in order (the module one as a module), once', () => {
    const { listeners, appended } = runLoader()
    expect([...listeners.keys()]).toEqual([...INTENT_EVENTS])
    expect(appended).toEqual([])
    listeners.get('scroll')!()
    expect(appended).toEqual([
      { type: '', textContent: 'window.__remixContext = {}' },
      { type: 'module', textContent: 'import("/assets/entry.js")' },
      { type: '', textContent: 'close()' },
    ])
    // Every listener is gone: nothing runs twice.
    expect(listeners.size).toBe(0)
  })

  it('on an intent while the page is still arriving, runs the block once the document is parsed', () => {
    const { listeners, documentListeners, appended } = runLoader({ readyState: 'loading' })
    listeners.get('pointerdown')!()
    expect(appended).toEqual([])
    documentListeners.get('DOMContentLoaded')!()
    expect(appended).toHaveLength(3)
  })

  it('does nothing where no block was deferred (development, where the modules run at once)', () => {
    const { listeners, appended } = runLoader({ deferred: [] })
    listeners.get('keydown')!()
    expect(appended).toEqual([])
  })
})
