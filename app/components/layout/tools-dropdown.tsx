import { NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react'
import { cx } from '~/components/ui/class-names'
import { ChevronDownIcon } from '~/components/ui/icons'
import { headerNavItemClassName, isCurrentPath, type NavItem } from './navigation'

/** The spec's delay before the menu closes once focus has left it. */
export const TOOLS_MENU_CLOSE_DELAY_MS = 100

/**
 * The 'Ferramentas' menu of the desktop header. A `<details>` element, so it
 * opens and closes with no JavaScript at all (click or Enter/Space on the
 * summary). With JavaScript it also closes 100 ms after focus leaves it, on
 * Escape (focus back on the summary), and on every route change.
 */
export function ToolsDropdown({ items }: { items: readonly NavItem[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout>>()
  const { pathname, key } = useLocation()
  const isCurrentSection = items.some((item) => isCurrentPath(item.to, pathname))

  // The element holds whether it is open (no copy in state): the browser opens it at once, and would tell React only in a `toggle` event a task later.
  function close() {
    if (detailsRef.current) detailsRef.current.open = false
  }

  useEffect(close, [key])
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  function handleBlur(event: FocusEvent<HTMLDetailsElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return
    clearTimeout(closeTimer.current)
    closeTimer.current = setTimeout(close, TOOLS_MENU_CLOSE_DELAY_MS)
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== 'Escape' || !event.currentTarget.open) return
    close()
    event.currentTarget.querySelector('summary')?.focus()
  }

  return (
    // <details> is interactive (its <summary> toggles it): these handlers only close it on Escape and when focus leaves.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={detailsRef}
      onBlur={handleBlur}
      onFocus={() => clearTimeout(closeTimer.current)}
      onKeyDown={handleKeyDown}
      className="group relative"
      data-testid="menu-ferramentas"
    >
      <summary className={cx('flex cursor-pointer items-center gap-1', headerNavItemClassName, isCurrentSection ? 'text-brand-700' : 'text-ink-700')}>
        Ferramentas
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute top-full right-0 z-10 mt-2 w-64 rounded-xl border border-ink-200 bg-white p-2 shadow-lg">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                cx(
                  'block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  )
}
