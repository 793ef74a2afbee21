/**
 * What a page's HTML is made of, for `npm run bench:pages`, to find the
 * weight a page carries and need not. Splits the document's UTF-8
 * bytes into parts that do not overlap, taken in this order so each byte
 * counts once: inline `<script>` elements (Remix's `__remixContext` and
 * turbo-stream loader data, JSON-LD, other), `<noscript>` elements, `<svg>`
 * elements, `<style>` elements and `style="…"` values, `class="…"` values
 * outside those, and the rest. Also sums the class values that occur more
 * than once and lists the heaviest of them. Pure: text in, numbers out.
 */

export type HtmlParts = {
  /** Inline scripts carrying Remix's context and single-fetch (turbo-stream) loader data. */
  loaderData: number
  /** `<script type="application/ld+json">` structured data. */
  jsonLd: number
  /** Every other inline script (the module bootstrap, small snippets). */
  otherScripts: number
  noscript: number
  svg: number
  /** `<style>` elements plus the values of `style` attributes. */
  styles: number
  /** Values of `class` attributes outside scripts, noscript and SVG. */
  classes: number
  rest: number
}

export type RepeatedClass = { value: string; count: number; bytes: number }

export type HtmlComposition = {
  total: number
  parts: HtmlParts
  /** Bytes of every occurrence of a class value that occurs more than once. */
  repeatedClassBytes: number
  /** The class values that occur more than once, heaviest (bytes × occurrences) first. */
  topRepeatedClasses: RepeatedClass[]
}

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8')

/** Removes every match of `pattern` from `html`, handing each match and its groups to `count` first. */
function takeOut(html: string, pattern: RegExp, count: (match: string, ...groups: string[]) => void): string {
  return html.replace(pattern, (match: string, ...rest: unknown[]) => {
    // replace() passes the groups, then the offset and the whole string.
    count(match, ...rest.slice(0, -2).map((group) => String(group ?? '')))
    return ''
  })
}

/** The composition of one HTML document; `top` limits the list of repeated class values. */
export function htmlComposition(html: string, top = 10): HtmlComposition {
  const parts: HtmlParts = { loaderData: 0, jsonLd: 0, otherScripts: 0, noscript: 0, svg: 0, styles: 0, classes: 0, rest: 0 }
  let remaining = takeOut(html, /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi, (element, attributes = '', body = '') => {
    const part = body.includes('__remixContext') ? 'loaderData' : /type=["']?application\/ld\+json/i.test(attributes) ? 'jsonLd' : 'otherScripts'
    parts[part] += byteLength(element)
  })
  remaining = takeOut(remaining, /<noscript\b[\s\S]*?<\/noscript>/gi, (element) => (parts.noscript += byteLength(element)))
  remaining = takeOut(remaining, /<svg\b[\s\S]*?<\/svg>/gi, (element) => (parts.svg += byteLength(element)))
  remaining = takeOut(remaining, /<style\b[\s\S]*?<\/style>/gi, (element) => (parts.styles += byteLength(element)))
  remaining = takeOut(remaining, /(?<=\sstyle=")[^"]*(?=")/gi, (value) => (parts.styles += byteLength(value)))
  const classCounts = new Map<string, number>()
  remaining = takeOut(remaining, /(?<=\sclass=")[^"]*(?=")/gi, (value) => {
    parts.classes += byteLength(value)
    classCounts.set(value, (classCounts.get(value) ?? 0) + 1)
  })
  parts.rest = byteLength(remaining)

  const repeated = [...classCounts]
    .filter(([value, count]) => count > 1 && value !== '')
    .map(([value, count]) => ({ value, count, bytes: byteLength(value) * count }))
    .sort((a, b) => b.bytes - a.bytes || a.value.localeCompare(b.value))
  return {
    total: byteLength(html),
    parts,
    repeatedClassBytes: repeated.reduce((sum, { bytes }) => sum + bytes, 0),
    topRepeatedClasses: repeated.slice(0, top),
  }
}
