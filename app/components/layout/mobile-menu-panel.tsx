import { NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { CloseIcon } from '~/components/ui/icons'
import { headerCallToAction, mainNavigation, toolsNavigation, type NavItem } from './navigation'

/** The menu's id: the no-JavaScript `:target` link and the dialog both point at it. */
export const MOBILE_MENU_ID = 'menu-mobile'

/** The mobile menu's content, shared by its no-JS `:target` panel and its dialog. */
export const closeClass = 'inline-flex size-11 items-center justify-center rounded-md text-ink-900'
export const closeContent = (
  <>
    <CloseIcon className="size-6" />
    <span className="sr-only">Fechar menu</span>
  </>
)

export function MenuPanel({ closeControl, onNavigate }: { closeControl: ReactNode; onNavigate?: () => void }) {
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
