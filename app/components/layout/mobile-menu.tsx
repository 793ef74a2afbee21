import * as DialogPrimitive from '@radix-ui/react-dialog'
import { NavLink, useLocation } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { CloseIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { headerCallToAction, mainNavigation, toolsNavigation, type NavItem } from './navigation'

export const MOBILE_MENU_ID = 'menu-mobile'

/**
 * The full-screen menu below 768 px.
 *
 * Without JavaScript (and until hydration) it is a CSS `:target` panel: the
 * 'Abrir menu' link goes to #menu-mobile, which shows the panel and locks the
 * page's scroll (app.css); 'Fechar menu' leaves the fragment. Following any
 * link loads a page without the fragment, so the menu is closed there.
 *
 * With JavaScript it is a Radix dialog: focus moves into it and stays there,
 * Escape and the close button close it, body scroll is locked while open, and
 * it closes on every route change.
 */
export function MobileMenu() {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const { key } = useLocation()
  useEffect(() => setOpen(false), [key])
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
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className={toggleClass} aria-controls={MOBILE_MENU_ID}>
        <HamburgerIcon />
        <span className="sr-only">Abrir menu</span>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          id={MOBILE_MENU_ID}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col bg-white md:hidden motion-safe:animate-fade-up"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <MenuPanel closeControl={<DialogPrimitive.Close className={closeClass}>{closeContent}</DialogPrimitive.Close>} onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}

const closeClass = 'inline-flex size-11 items-center justify-center rounded-md text-ink-900'
const closeContent = (
  <>
    <CloseIcon className="size-6" />
    <span className="sr-only">Fechar menu</span>
  </>
)

function MenuPanel({ closeControl, onNavigate }: { closeControl: ReactNode; onNavigate?: () => void }) {
  return (
    <nav aria-label="Menu principal" className="flex h-full flex-col overflow-y-auto px-6 pt-4 pb-10">
      <div className="flex justify-end">{closeControl}</div>
      <ul className="mt-4 space-y-1">
        {mainNavigation.map((item) => (
          <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <p className="mt-8 text-xs font-bold tracking-widest text-ink-600 uppercase">Ferramentas</p>
      <ul className="mt-2 space-y-1">
        {toolsNavigation.map((item) => (
          <MenuLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <NavLink to={headerCallToAction.to} onClick={onNavigate} className={buttonClassName({ size: 'lg', fullWidth: true, className: 'mt-10' })}>
        {headerCallToAction.label}
      </NavLink>
    </nav>
  )
}

function MenuLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.to === '/'}
        onClick={onNavigate}
        className={({ isActive }) =>
          cx('block rounded-lg px-3 py-3 text-lg font-semibold', isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-900 hover:bg-ink-100')
        }
      >
        {item.label}
      </NavLink>
    </li>
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
