/**
 * The inline scripts of an HTML document, for its hash-based CSP
 * (security-headers.ts): the base64 SHA-256 of each `<script>` without a
 * `src` whose type the browser runs (none, a JavaScript MIME type, or
 * `module`), and of each block the intent loader runs (ADR 033: Remix's
 * module script and context, held until the first intent; a hash allows an
 * inline script however it is inserted). Other data blocks
 * (`application/ld+json`, `application/json`) are not scripts to a browser
 * and need no hash. The digest covers the exact text between the tags, as
 * the browser hashes it.
 */
import { createHash } from 'node:crypto'
import { DEFERRED_MODULES_TYPE } from '~/utils/intent-loader'

// HTML ends a script element at the first `</script` (any case): React and Remix escape it inside their JSON.
export const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
const SRC_ATTRIBUTE = /\bsrc\s*=/i
const RUNNABLE_TYPES = /^(?:|module|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/jscript)$/i

/** Whether a script element with these attributes runs inline code (no src, a runnable type, or a block the intent loader runs). */
function runsInlineCode(attributes: string): boolean {
  if (SRC_ATTRIBUTE.test(attributes)) return false
  const match = TYPE_ATTRIBUTE.exec(attributes)
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim()
  return RUNNABLE_TYPES.test(type) || type.toLowerCase() === DEFERRED_MODULES_TYPE
}

/** The texts of the inline scripts a browser would run, now or on the first intent, in document order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = []
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (runsInlineCode(attributes)) scripts.push(text)
  }
  return scripts
}

/** Base64 SHA-256 of a script's text (UTF-8), as a CSP `'sha256-…'` source names it. */
export const scriptHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

/** The distinct hashes of a document's inline scripts. */
export const inlineScriptHashes = (html: string) => [...new Set(inlineScripts(html).map(scriptHash))]
