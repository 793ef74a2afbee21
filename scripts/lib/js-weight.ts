/**
 * What "a page's JavaScript" means for the budgets, shared by `npm run
 * bench:js` and the e2e budget test (tests/e2e/js-weight.spec.ts): the module
 * scripts, modulepreloads and inline `import`s a page's HTML names, each
 * gzipped at level 9, summed: what the page loads to become interactive.
 */
import { gzipSync } from 'node:zlib'

export const KiB = 1024

/**
 * Budgets in bytes of gzip: a content page, the home (a content page with the
 * contact form), a page with a form, a tool. Every form carries Conform and its
 * zod schema up front (ADR 028): 37.3 KiB at most, added to each budget of a
 * page with a form (the home's is the content page's plus that). The content
 * page's budget went from 105 to 105.5 KiB on 2026-11-28 (issue 41): the shell
 * now carries the Portuguese 405 page of the root's error boundary (ADR 052),
 * 0.15 KiB over the old line. Issue 42 sets new budgets.
 */
const FORM_VALIDATION_COST = 37.3 * KiB
export const jsBudgets = {
  content: 105.5 * KiB,
  home: 105.5 * KiB + FORM_VALIDATION_COST,
  form: 136 * KiB + FORM_VALIDATION_COST,
  tool: 150 * KiB + FORM_VALIDATION_COST,
} as const
export type PageKind = keyof typeof jsBudgets

/** The pages measured, each with its kind (ADR 028: the home is a content page with a form; its carousel loads on use). */
export const weighedPages: ReadonlyArray<readonly [path: string, kind: PageKind]> = [
  ['/', 'home'],
  ['/sobre', 'content'],
  ['/servicos', 'content'],
  ['/servicos/ia', 'content'],
  ['/servicos/trafego', 'content'],
  ['/casos', 'content'],
  ['/casos/quick2sell', 'content'],
  ['/casos/atrax', 'content'],
  ['/termos-uso', 'content'],
  ['/politica-privacidade', 'content'],
  ['/blog/7-automacoes', 'content'],
  ['/contato', 'form'],
  ['/blog', 'form'],
  ['/ferramentas/calculadora', 'tool'],
  ['/ferramentas/calculadora?metrica=cac&totalCosts=1000&newCustomers=4&etapa=contato', 'tool'],
  ['/ferramentas/teste-presenca-digital', 'tool'],
  ['/ferramentas/resultados-teste', 'tool'],
  ['/criar-agente', 'tool'],
]

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"/g

/** The script URLs a page's HTML makes the browser load to become interactive. */
export function pageScripts(html: string): string[] {
  return [
    ...new Set([
      ...[...html.matchAll(PRELOAD)].map((match) => match[1]!),
      ...[...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!),
      ...[...html.matchAll(/import\("([^"]+\.js)"\)|import \* as route\d+ from "([^"]+\.js)"|import "([^"]+\.js)"/g)].map(
        (match) => (match[1] ?? match[2] ?? match[3])!,
      ),
    ]),
  ]
}

/** Bytes of a script gzipped at level 9. */
export const gzippedSize = (body: Uint8Array) => gzipSync(body, { level: 9 }).length

/** Weighs each page: `fetchBytes` reads a URL path (the page or a script) from the server under test. */
export async function weighPages(
  pages: ReadonlyArray<readonly [string, PageKind]>,
  fetchText: (path: string) => Promise<string>,
  fetchBytes: (path: string) => Promise<Uint8Array>,
) {
  const sizes = new Map<string, number>()
  const weights = []
  for (const [path, kind] of pages) {
    const scripts = []
    for (const src of pageScripts(await fetchText(path))) {
      if (!sizes.has(src)) sizes.set(src, gzippedSize(await fetchBytes(src)))
      scripts.push({ src, bytes: sizes.get(src)! })
    }
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0)
    weights.push({ path, kind, budget: jsBudgets[kind], total, scripts })
  }
  return weights
}
