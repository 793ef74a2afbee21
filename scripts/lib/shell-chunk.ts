import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ManualChunkMeta } from 'rollup'

const ROOT_MODULE = path.resolve('app/root.tsx')
const ENTRY_CLIENT = path.resolve('app/entry.client.tsx')
const APP_DIR = path.resolve('app') + path.sep
const REACT_DOM_CLIENT = path.join('node_modules', 'react-dom', 'client.js')

/**
 * The small modules nearly every content page renders (sections, cards, the
 * page hero, content images): one chunk rather than five,
 * since each chunk costs a request and its own gzip overhead.
 */
const CONTENT_KIT = [
  'app/components/ui/section.tsx',
  'app/components/sections/cards.tsx',
  'app/components/sections/page-hero.tsx',
  'app/components/content/image.tsx',
  'app/content/image-sources.ts',
  'app/content/asset-ref.ts',
  'app/utils/env/sanity-api-version.ts',
  // What a plain click is: the articles' and cases' links and the calculator's steps, which all load the kit (a chunk of its own was a request for 0.1 KiB).
  'app/utils/browser-events.ts',
]

/**
 * What every lead form brings (its controls, its button, its options): one
 * chunk rather than several small ones, loaded with the form's island.
 */
const FORM_KIT = [
  // The lead forms' error toast and their shared fields.
  'app/components/forms/lead-form.tsx',
  'app/components/forms/lead-form-parts.tsx',
  'app/components/ui/status-button.tsx',
  // Every form's Conform options, and the hook that loads its validator after hydration (ADR 028).
  'app/components/forms/lead-form-options.ts',
  'app/components/forms/deferred-validation.ts',
  // The forms' names and values: every lead form's hidden fields and the lead events read them.
  'app/leads/lead-forms.ts',
  'app/leads/form-fields.ts',
  // What text a field may hold (one line, no hidden controls): the admin's filters share it, which would make it a chunk of its own.
  'app/utils/storable-text.ts',
  // Every lead form's hidden fields, and the time on page they post.
  'app/components/forms/lead-hidden-fields.tsx',
  'app/analytics/session.client.ts',
]

/**
 * What a page with a lead form loads up front for it: the island that loads
 * the form after the rest of the page (ADR 028) and the success notice,
 * which shows without the form's code. Left to Rollup the notice would join
 * the form kit, and bring the kit back up front.
 */
const FORM_PAGE = ['app/components/ui/island.tsx', 'app/components/forms/success-notice.tsx']

/**
 * What the tools' first screens bring (ADR 028): the frame around their
 * steps, the funnel's beacon, the count of its steps (the calculator counts
 * none and loads it anyway, a few hundred bytes), the tools' keys. Left to
 * Rollup each is a chunk of its own (under 1 KiB of gzip each), and a phone
 * on a slow network pays a round trip for each.
 */
const TOOL_KIT = ['app/components/tools/tool-frame.tsx', 'app/analytics/funnel.ts', 'app/components/tools/funnel-count.ts', 'app/content/tool-keys.ts']

/**
 * What sends a lead on after it is stored: the link to book the session and
 * its wording, the WhatsApp hand-off. The tools, their results and `/agendar`
 * all show them. The data layer the hand-off reports to keeps a chunk of its
 * own (below): every page's web vitals load it after hydration.
 */
const HANDOFF_KIT = ['app/components/forms/book-session-link.tsx', 'app/booking/booking-link-copy.ts', 'app/components/forms/whatsapp-handoff-link.tsx']

/**
 * The presence test's questions and its scoring: the test, its results page
 * and the admin's lead page each load both.
 */
const PRESENCE_TEST_KIT = ['app/tools/presence-test/steps.ts', 'app/tools/presence-test/scoring.ts']

/**
 * A lazily loaded part and the module that loads it share a small module of
 * their own, so that neither imports the other (ADR 022); left to Rollup it
 * would be a chunk of its own, a request for 300 bytes. It goes in its
 * loader's chunk instead, which is loaded first anyway.
 */
const DIALOG = ['app/components/ui/dialog.tsx', 'app/components/ui/close-control.ts']
// The reviews' carousel is the carousel's only user: one chunk, not a 300-byte one beside it.
const CAROUSEL = ['app/components/ui/carousel.tsx', 'app/components/ui/carousel-row.tsx', 'app/components/sections/testimonial-carousel.tsx']

/**
 * Modules a group above imports that other pages use without the group: each
 * keeps a chunk of its own, or the group's chunk would take it in (a chunk
 * brings the modules only it imports) and those pages would load the group.
 */
const OWN_CHUNK = [
  // The reviews' card: the cases page shows reviews without the carousel.
  'app/components/sections/testimonial-card.tsx',
  // The data layer: the WhatsApp hand-off reports to it, and every page's web vitals load it after hydration.
  'app/analytics/data-layer.ts',
]

/** Each chunk named here and the modules it holds, resolved once. */
const GROUPS = [
  { name: 'content-kit', files: CONTENT_KIT },
  { name: 'form-kit', files: FORM_KIT },
  { name: 'form-page', files: FORM_PAGE },
  { name: 'tool-kit', files: TOOL_KIT },
  { name: 'handoff-kit', files: HANDOFF_KIT },
  { name: 'presence-test-kit', files: PRESENCE_TEST_KIT },
  { name: 'dialog', files: DIALOG },
  { name: 'carousel', files: CAROUSEL },
  ...OWN_CHUNK.map((file) => ({ name: path.basename(file, path.extname(file)), files: [file] })),
].map(({ name, files }) => ({ name, files: files.map((file) => path.resolve(file)) }))

/** The names of the chunks listed here, as the build's file names begin (tests/e2e/js-weight.spec.ts checks against them). */
export const NAMED_CHUNKS: readonly string[] = GROUPS.map((group) => group.name)

// A module that moved would silently leave its group (and put pages over their JavaScript budget): stop the build instead.
for (const file of GROUPS.flatMap((group) => group.files)) {
  if (!existsSync(file)) throw new Error(`scripts/lib/shell-chunk.ts names ${path.relative(process.cwd(), file)}, which does not exist: update the list.`)
}

/**
 * `build.rollupOptions.output.manualChunks` for the client build: the app's
 * own modules that the root route or the client entry imports statically (header, footer, toasts,
 * error pages, SEO, buttons, icons…) go into one `shell` chunk. Every page
 * loads all of them anyway, since the root is on every page; left to Rollup
 * they are a dozen small chunks shared with routes, each paying its own
 * request and gzip overhead (about 1.5 KiB in all, docs/bench-js.md).
 * Modules that only routes import keep Rollup's own split, but for the
 * kits above.
 */
export function shellChunk(id: string, { getModuleInfo }: ManualChunkMeta): string | undefined {
  // The client entry's hydrateRoot: every page loads it with the entry, so it rides in the shell, not a 150-byte chunk beside it.
  if (id.includes(REACT_DOM_CLIENT)) return 'shell'
  if (!id.startsWith(APP_DIR) || id.startsWith(ROOT_MODULE)) return undefined
  const group = GROUPS.find((candidate) => candidate.files.some((file) => id.startsWith(file)))
  if (group) return group.name
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
