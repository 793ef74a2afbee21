import { useNavigate } from '@remix-run/react'
import { useEffect, useRef, type RefObject } from 'react'
import type { RichTextHtml } from '~/content/rich-text'
import { isPlainClick } from '~/utils/browser-events'

/**
 * A rich text body: the HTML the server rendered from the content
 * (`richTextHtml`, ADR 028), shown as it came, so the browser needs no
 * Portable Text renderer. Its links to the site's own pages navigate in the
 * page once the JavaScript runs, as a `<Link>` would; before that, and with
 * JavaScript off, they are plain links.
 */
export function RichTextBody({ body }: { body: RichTextHtml }) {
  const ref = useRef<HTMLDivElement>(null)
  useInPageLinks(ref)
  return <div ref={ref} dangerouslySetInnerHTML={{ __html: body.html }} />
}

/**
 * A click on a link to this site inside `ref` (markup React did not render) goes through the router, as
 * the Remix website does for its documents' HTML: only a plain click on a same-origin link without a
 * target or a download; a new tab, a download, a jump within the page or another site stays the browser's.
 */
function useInPageLinks(ref: RefObject<HTMLElement>) {
  const navigate = useNavigate()
  useEffect(() => {
    const node = ref.current
    if (!node) return
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null
      if (!link || event.defaultPrevented || !isPlainClick(event)) return
      if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return
      // A jump within this page (#section) is the browser's too.
      if (link.hash && link.pathname === window.location.pathname && link.search === window.location.search) return
      event.preventDefault()
      navigate(link.pathname + link.search + link.hash)
    }
    node.addEventListener('click', onClick)
    return () => node.removeEventListener('click', onClick)
  }, [ref, navigate])
}
