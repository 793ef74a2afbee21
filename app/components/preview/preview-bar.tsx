import { useLocation } from '@remix-run/react'
import { previewCopy } from '~/content/messages'
import { PREVIEW_EXIT_PATH } from '~/content/preview-paths'

/**
 * The bar an editor in preview sees (ADR 037): the page shows drafts, and a
 * way out. A plain form, so it works without JavaScript; leaving lands on
 * the same page, published. Not shown in the Studio's Presentation tool,
 * which has its own controls (preview-tools.tsx).
 */
export function PreviewBar() {
  const { pathname, search, hash } = useLocation()
  return (
    <aside
      aria-label={previewCopy.region}
      className="fixed right-4 bottom-4 left-4 z-[60] flex flex-col gap-3 rounded-2xl bg-ink-950 p-4 text-white shadow-2xl shadow-ink-950/40 sm:left-auto sm:flex-row sm:items-center"
    >
      <p className="font-semibold">{previewCopy.notice}</p>
      <form method="post" action={PREVIEW_EXIT_PATH}>
        <input type="hidden" name="redirect" value={`${pathname}${search}${hash}`} />
        <button
          type="submit"
          className="w-full rounded-full bg-accent-400 px-4 py-2 font-semibold text-ink-900 hover:bg-accent-300 focus-visible:outline-white sm:w-auto"
        >
          {previewCopy.exit}
        </button>
      </form>
    </aside>
  )
}
