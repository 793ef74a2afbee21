import { useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'
import { closeClass, closeContent, MenuPanel, MOBILE_MENU_ID } from './mobile-menu-panel'

const loadMenuDialog = () => import('./mobile-menu-dialog')
const MenuDialog = lazy(loadMenuDialog)

/**
 * The full-screen menu below 768 px.
 *
 * Without JavaScript (and until hydration) it is a CSS `:target` panel: the
 * 'Abrir menu' link goes to #menu-mobile, which shows the panel and locks the
 * page's scroll (app.css); 'Fechar menu' leaves the fragment. Following any
 * link loads a page without the fragment, so the menu is closed there. A
 * panel opened before hydration is reopened as the dialog once it is done.
 *
 * With JavaScript it is a Radix dialog (./mobile-menu-dialog, loaded when the
 * toggle is first hovered, focused or tapped): focus moves into it and stays
 * there, Escape and the close button close it, body scroll is locked while
 * open, and it closes on every route change.
 */
export function MobileMenu() {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const { key } = useLocation()
  useEffect(() => setOpen(false), [key])
  // A tap before hydration opened the no-JS panel (#menu-mobile): the dialog takes over, open, without the fragment.
  useEffect(() => {
    if (window.location.hash !== `#${MOBILE_MENU_ID}`) return
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
    setOpen(true)
  }, [])
  useLockPageScroll(open)

  const toggleClass = 'inline-flex size-11 items-center justify-center rounded-md text-ink-900 md:hidden'

  if (!hydrated) {
    return (
      <>
        <a href={`#${MOBILE_MENU_ID}`} className={toggleClass} aria-controls={MOBILE_MENU_ID}>
          <HamburgerIcon />
          <span className="sr-only">Abrir menu</span>
        </a>
        <div id={MOBILE_MENU_ID} className="mobile-menu-static fixed inset-0 z-50 flex-col bg-white">
          <MenuPanel
            closeControl={
              <a href="#top" className={closeClass}>
                {closeContent}
              </a>
            }
          />
        </div>
      </>
    )
  }

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className={toggleClass}
        aria-controls={MOBILE_MENU_ID}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadMenuDialog}
        onFocus={loadMenuDialog}
        onTouchStart={loadMenuDialog}
        onClick={() => setOpen(true)}
      >
        <HamburgerIcon />
        <span className="sr-only">Abrir menu</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MenuDialog onClose={() => setOpen(false)} toggle={toggle} />
        </Suspense>
      ) : null}
    </>
  )
}

/** While `locked`, the page behind the menu does not scroll (same rule as the no-JS :target panel). */
function useLockPageScroll(locked: boolean) {
  useEffect(() => {
    if (!locked) return
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previous
    }
  }, [locked])
}

function HamburgerIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  )
}
