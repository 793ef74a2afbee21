// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * Copy belongs to the content (Studio documents), not to route modules. This
 * reads every module of app/routes/ and lists the Portuguese text in it:
 * JSX text and string literals with at least two words, one of them a
 * Portuguese word or accented, outside the `meta` export (whose fallbacks may
 * stay) and outside class names and element references.
 */
/** Attributes that hold names and references, never words a person reads. */
const NOT_COPY_ATTRIBUTES = new Set(['className', 'id', 'aria-labelledby', 'aria-describedby', 'htmlFor'])
/** Words a sentence is made of: letters and punctuation, at least two words (not class lists, paths, header values or identifiers). */
const SENTENCE = /^[\p{L}][\p{L}\s,.:;!?()…–—'"’-]*$/u
const TWO_WORDS = /\p{L}{2,}[\s,:]+\p{L}{2,}/u
/** Log messages and technical strings are English; a Portuguese sentence has a Portuguese word or an accent. */
const ENGLISH_ONLY =
  /^(?:[\s,.:;!()-]|\b(?:the|a|an|of|to|in|on|for|is|are|not|no|and|or|with|content|unavailable|missing|found|page|error|request|invalid|using|serving|stale|copy|built|settings|document|lead|failed|via|noindex|nofollow)\b)+$/i

export function portugueseText(source: string, fileName = 'route.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const check = (text: string) => {
    const value = text.replace(/\s+/g, ' ').trim()
    if (SENTENCE.test(value) && TWO_WORDS.test(value) && !ENGLISH_ONLY.test(value)) found.push(value)
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'meta') return
    if (ts.isJsxAttribute(node) && NOT_COPY_ATTRIBUTES.has(node.name.getText())) return
    if (ts.isJsxText(node)) check(node.text)
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node.text)
    else if (ts.isTemplateExpression(node)) [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].forEach(check)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('copy in app/routes/', () => {
  test('the finder sees JSX text, strings and templates, and leaves meta fallbacks and class names alone', () => {
    const source = `
      export const meta = () => [{ title: 'Contato: fale com um especialista' }]
      const label = 'Fale com um Especialista'
      export default function Page() {
        return <section className="mt-4 grid gap-6" aria-label={\`Vamos aplicar \${label} no seu negócio?\`}><h2>Perguntas frequentes</h2>{page.title}</section>
      }
    `
    expect(portugueseText(source)).toEqual(['Fale com um Especialista', 'Vamos aplicar', 'no seu negócio?', 'Perguntas frequentes'])
  })

  test('no route module holds Portuguese copy outside its meta fallbacks', () => {
    const dir = path.resolve('app/routes')
    const copy = readdirSync(dir)
      .filter((name) => /\.tsx?$/.test(name))
      .flatMap((name) => portugueseText(readFileSync(path.join(dir, name), 'utf8'), name).map((text) => `${name}: ${text}`))
    expect(copy).toEqual([])
  })
})
