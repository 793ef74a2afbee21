/**
 * The inline scripts of an HTML document, for its hash-based CSP
 * (security-headers.ts): the base64 SHA-256 of each `<script>` without a
 * `src` whose type the browser runs (none, a JavaScript MIME type, or
 * `module`). Data blocks
 * (`application/ld+json`, `application/json`) are not scripts to a browser
 * and need no hash. The digest covers the exact text between the tags, as
 * the browser hashes it.
 */
import { createHash } from 'node:crypto'

// HTML ends a script element at the first `</script` (any case): React and Remix escape it inside their JSON.
export const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i
const SRC_ATTRIBUTE = /\bsrc\s*=/i
const RUNNABLE_TYPES = /^(?:|module|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/jscript)$/i

/** Whether a script element with these attributes runs inline code (no src, and a runnable type). */
function runsInlineCode(attributes: string): boolean {
  if (SRC_ATTRIBUTE.test(attributes)) return false
  const match = TYPE_ATTRIBUTE.exec(attributes)
  const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim()
  return RUNNABLE_TYPES.test(type)
}

/** The texts of the inline scripts a browser would run, in document order. */
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
