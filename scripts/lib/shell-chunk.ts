import path from 'node:path'
import type { ManualChunkMeta } from 'rollup'

const ROOT_MODULE = path.resolve('app/root.tsx')
const ENTRY_CLIENT = path.resolve('app/entry.client.tsx')
const APP_DIR = path.resolve('app') + path.sep

/**
 * The small modules nearly every content page renders (sections, cards, the
 * page hero, content images): one chunk rather than five,
 * since each chunk costs a request and its own gzip overhead.
 */
const CONTENT_KIT = [
  'app/components/ui/section.tsx',
  'app/components/sections/cards.tsx',
  'app/components/sections/page-hero.tsx',
  'app/content/image.tsx',
  'app/content/asset-ref.ts',
  'app/content/rules.ts',
].map((file) => path.resolve(file))

/**
 * What every page with a lead form shows up front (the form's controls, its
 * button, the success notice), apart from the validation that loads on the
 * first interaction: one chunk rather than three small ones.
 */
const FORM_KIT = [
  'app/components/forms/lead-form-parts.tsx',
  'app/components/ui/status-button.tsx',
  'app/components/forms/success-notice.tsx',
  // The forms' names and values: every lead form's hidden fields and the lead events read them.
  'app/leads/lead-forms.ts',
  'app/leads/form-fields.ts',
  // Every lead form's hidden fields, and the time on page they post.
  'app/components/forms/lead-hidden-fields.tsx',
  'app/analytics/session.client.ts',
].map((file) => path.resolve(file))

/**
 * `build.rollupOptions.output.manualChunks` for the client build: the app's
 * own modules that the root route or the client entry imports statically (header, footer, toasts,
 * error pages, SEO, buttons, icons…) go into one `shell` chunk. Every page
 * loads all of them anyway, since the root is on every page; left to Rollup
 * they are a dozen small chunks shared with routes, each paying its own
 * request and gzip overhead (about 1.5 KiB in all, docs/bench-js.md).
 * Modules that only routes import keep Rollup's own split, but for the
 * content kit above.
 */
export function shellChunk(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  if (!id.startsWith(APP_DIR) || id.startsWith(ROOT_MODULE)) return undefined
  if (CONTENT_KIT.some((file) => id.startsWith(file))) return 'content-kit'
  if (FORM_KIT.some((file) => id.startsWith(file))) return 'form-kit'
  const seen = new Set<string>()
  const queue = [id]
  while (queue.length > 0) {
    const current = queue.pop()!
    if (seen.has(current)) continue
    seen.add(current)
    for (const importer of getModuleInfo(current)?.importers ?? []) {
      if (importer.startsWith(ROOT_MODULE) || importer.startsWith(ENTRY_CLIENT)) return 'shell'
      if (importer.startsWith(APP_DIR)) queue.push(importer)
    }
  }
  return undefined
}
