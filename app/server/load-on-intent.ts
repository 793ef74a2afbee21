/**
 * The application's modules load on the visitor's first sign of intent, not
 * with the page (ADR 033). Every page works without JavaScript, so until
 * then it is the server's HTML, answering natively; a scroll, a pointer
 * moving or pressed, a key or a focus loads the modules, and React hydrates.
 *
 * In the document Remix renders (entry.server.tsx), only attributes change,
 * so the elements stay those React hydrates:
 *   - Remix's inline module script (the route modules' imports, the manifest,
 *     the entry's import) becomes a data block the browser does not run, and
 *     so do the classic inline scripts only the modules read (Remix's context
 *     and the page's loader data, `window.ENV`): a block each, in order;
 *   - its `<link rel="modulepreload">`s name a relation the browser ignores
 *     (they would download and compile every module up front).
 * The root's intent loader (app/utils/intent-loader.ts) runs those texts,
 * unchanged and in order, on the first intent: the classic ones as classic
 * scripts, the module script as a module. The CSP names their hashes like
 * any inline script's (inline-scripts.ts counts the deferred type).
 */
import { SCRIPT_ELEMENT } from '~/server/inline-scripts'
import { DEFERRED_MODULE_ATTRIBUTE, DEFERRED_MODULES_TYPE, DEFERRED_PRELOAD_REL, DEFER_TO_INTENT_ATTRIBUTE } from '~/utils/intent-loader'

// A script element (as inline-scripts.ts reads one), or the start of a module preload: one pass over the document does both.
const SCRIPT_OR_MODULE_PRELOAD = new RegExp(`${SCRIPT_ELEMENT.source}|<link rel="modulepreload" href="`, 'gi')

/** Remix's <Scripts> module script: it imports the route modules, sets the manifest and imports the entry. */
const isRemixModuleScript = (attributes: string, text: string) => attributes === ' type="module" async=""' && text.includes('window.__remixRouteModules')
/** A classic inline script only the modules read: Remix's context and its loader data, or one of ours marked so. */
const isForTheModules = (attributes: string, text: string) =>
  !/\b(?:src|type)\s*=/.test(attributes) && (text.startsWith('window.__remixContext') || attributes.includes(DEFER_TO_INTENT_ATTRIBUTE))

/** Defers a rendered document's modules, and the inline scripts only they read, to the first intent; a document without Remix's module script is left as it is. */
export function deferModulesToIntent(html: string): string {
  let hasRemixModules = false
  const deferred = html.replace(SCRIPT_OR_MODULE_PRELOAD, (element, attributes: string | undefined, text: string | undefined) => {
    if (attributes === undefined || text === undefined) return `<link rel="${DEFERRED_PRELOAD_REL}" href="`
    const isModule = isRemixModuleScript(attributes, text)
    hasRemixModules ||= isModule
    if (!isModule && !isForTheModules(attributes, text)) return element
    return `<script type="${DEFERRED_MODULES_TYPE}"${isModule ? ` ${DEFERRED_MODULE_ATTRIBUTE}=""` : ''}>${text}</script>`
  })
  return hasRemixModules ? deferred : html
}
