// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * Copy belongs to the content (Studio documents) or to the copy modules
 * (app/content/messages.ts, app/analytics/consent-copy.ts...), not to route
 * modules or components. This reads every module of app/routes/ and
 * app/components/ and lists the Portuguese text in it:
 * JSX text and string literals with at least two words, one of them a
 * Portuguese word or accented, outside the `meta` export (whose fallbacks may
 * stay) and outside class names and element references.
 */
/** Attributes that hold names and references, never words a person reads. */
const NOT_COPY_ATTRIBUTES = new Set(['className', 'id', 'aria-labelledby', 'aria-describedby', 'htmlFor', 'rel', 'preserveAspectRatio'])
/** Words a sentence is made of: letters and punctuation, at least two words (not class lists, paths, header values or identifiers). */
const SENTENCE = /^[\p{L}][\p{L}\s,.:;!?()…–—'"’-]*$/u
const TWO_WORDS = /\p{L}{2,}[,:]?\s+\p{L}{2,}/u
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
    if ((ts.isJsxAttribute(node) || ts.isPropertyAssignment(node)) && NOT_COPY_ATTRIBUTES.has(node.name.getText())) return
    if (ts.isJsxText(node)) check(node.text)
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) check(node.text)
    else if (ts.isTemplateExpression(node)) [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].forEach(check)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('copy in app/routes/', () => {
  test('the finder sees JSX text, strings and templates, and leaves meta fallbacks, class names and rel values alone', () => {
    const source = `
      export const meta = () => [{ title: 'Contato: fale com um especialista' }]
      const label = 'Fale com um Especialista'
      export default function Page() {
        const external = { target: '_blank', rel: 'noopener noreferrer', basis: { 1: 'md:basis-full' } }
        return <section className="mt-4 grid gap-6" aria-label={\`Vamos aplicar \${label} no seu negócio?\`}><h2>Perguntas frequentes</h2>{page.title}<a rel="noopener noreferrer" {...external} /></section>
      }
    `
    expect(portugueseText(source)).toEqual(['Fale com um Especialista', 'Vamos aplicar', 'no seu negócio?', 'Perguntas frequentes'])
  })

  test('no route module holds Portuguese copy outside its meta fallbacks', () => {
    expect(copyIn('app/routes')).toEqual({})
  })
})

/**
 * Components that still hold copy of their own, with how many strings, until
 * it moves to the content or a copy module. A file not listed must hold none;
 * a listed one may not gain any, and leaves the list once its copy has moved.
 */
const COMPONENTS_STILL_WITH_COPY: Record<string, number> = {
  'admin/admin-login.tsx': 2,
  'admin/lead-detail.tsx': 26,
  'admin/leads-table.tsx': 9,
  'errors/content-unavailable.tsx': 4,
  'errors/not-found.tsx': 5,
  'errors/server-error.tsx': 3,
  'forms/contact-page-form.tsx': 3,
  'forms/home-contact-form.tsx': 2,
  'forms/lead-hidden-fields.tsx': 1,
  'forms/newsletter-form.tsx': 1,
  'forms/success-dialog.tsx': 6,
  'layout/mobile-menu-panel.tsx': 2,
  'layout/mobile-menu.tsx': 2,
  'layout/navigation.ts': 7,
  'layout/site-footer.tsx': 1,
  'layout/social-links.tsx': 1,
  'sections/cookie-preferences.tsx': 12,
  'sections/home/home-sections.tsx': 1,
  'sections/legal-page.tsx': 2,
  'sections/origin-tracking-demo.tsx': 29,
  'sections/services/metrics-strip.tsx': 1,
  'sections/services/service-card.tsx': 2,
  'sections/testimonial-card.tsx': 1,
  'studio-setup-guide.tsx': 16,
  'tools/briefing-sent.tsx': 2,
  'tools/briefing-wizard.tsx': 16,
  'tools/calculator.tsx': 14,
  'tools/presence-test-questions.tsx': 2,
  'tools/presence-test-results.tsx': 9,
  'ui/breadcrumbs.tsx': 1,
}

describe('copy in app/components/', () => {
  test('no component holds Portuguese copy beyond what is listed as still to move', () => {
    const counts = Object.fromEntries(Object.entries(copyIn('app/components')).map(([file, texts]) => [file, texts.length]))
    expect(counts).toEqual(Object.fromEntries(Object.entries(COMPONENTS_STILL_WITH_COPY).filter(([, count]) => count > 0)))
  })
})

/** The Portuguese text of each module under `root` (its tests aside) that has some, by path from `root`. */
function copyIn(root: string): Record<string, string[]> {
  const dir = path.resolve(root)
  const modules = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const file = path.join(folder, name)
      if (statSync(file).isDirectory()) return modules(file)
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
    })
  const found: Record<string, string[]> = {}
  for (const file of modules(dir)) {
    const texts = portugueseText(readFileSync(file, 'utf8'), path.basename(file))
    if (texts.length > 0) found[path.relative(dir, file)] = texts
  }
  return found
}
