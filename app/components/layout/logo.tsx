import { Link } from '@remix-run/react'
import { cx } from '~/components/ui/class-names'

/** The brand mark (a lever lifting an arrow) and name, linking home. */
export function Logo({
  brand,
  tone = 'light',
  compactBetween768And1199 = false,
}: {
  brand: string
  tone?: 'light' | 'dark'
  compactBetween768And1199?: boolean
}) {
  return (
    <Link
      to="/"
      className={cx(
        'inline-flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight whitespace-nowrap',
        tone === 'light' ? 'text-ink-900' : 'text-white',
      )}
    >
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#5224b6" />
        <path d="M6 23 L26 15" stroke="#fbbf24" strokeWidth="3" strokeLinecap="round" />
        <path d="M11 25 l3-5 3 5z" fill="#fff" />
        <path d="M20 9 h6 v6 M26 9 l-8 8" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className={compactBetween768And1199 ? 'md:max-[75rem]:sr-only' : undefined}>{brand}</span>
    </Link>
  )
}
