import { Link, type LinkProps } from '@remix-run/react'
import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cx } from './class-names'

/**
 * Buttons and links that look like buttons. One look, two elements:
 * `<Button>` for actions (submit, open a dialog), `<ButtonLink>` for
 * navigation (a Remix `<Link>`), so the right element is always used.
 *
 * Contrast (WCAG AA): white on brand-600 5.7:1; ink-900 on accent-400 10.4:1;
 * ink-900 on white; brand-700 on brand-50 7:1; white on brand-900 / ink-950.
 * On dark backgrounds the focus ring turns white (brand-600 would be too faint).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost' | 'outline-on-dark' | 'whatsapp'
export type ButtonSize = 'sm' | 'md' | 'lg'

export type ButtonStyleProps = {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Stretch to the container's width (useful for forms on phones). */
  fullWidth?: boolean
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold leading-tight ' +
  'transition-colors duration-150 select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-not-allowed aria-disabled:opacity-70'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-900/20 hover:bg-brand-700 active:bg-brand-800 focus-visible:outline-brand-600',
  secondary: 'border border-ink-300 bg-white text-ink-900 hover:border-brand-600 hover:text-brand-700 active:bg-brand-50 focus-visible:outline-brand-600',
  accent: 'bg-accent-400 text-ink-900 shadow-sm shadow-accent-500/30 hover:bg-accent-300 active:bg-accent-500 focus-visible:outline-brand-600',
  ghost: 'text-brand-700 hover:bg-brand-50 active:bg-brand-100 focus-visible:outline-brand-600',
  'outline-on-dark': 'border border-white/70 text-white hover:border-white hover:bg-white/10 active:bg-white/20 focus-visible:outline-white',
  // WhatsApp's green, for the links that open a conversation there.
  whatsapp: 'bg-success-600 text-white hover:bg-green-800 active:bg-green-900 focus-visible:outline-success-600',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 py-1.5 text-sm',
  md: 'min-h-11 px-6 py-2.5 text-base',
  lg: 'min-h-13 px-8 py-3 text-base md:text-lg',
}

/** The class list of a button look, for the rare element that is neither a button nor a link. */
export function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false, className }: ButtonStyleProps & { className?: string } = {}): string {
  return cx(base, variants[variant], sizes[size], fullWidth && 'w-full', className)
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps

/** A `<button>`; `type` defaults to "button" so only explicit submit buttons submit. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, fullWidth, className, type = 'button', ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, size, fullWidth, className })} {...props} />
})

export type ButtonLinkProps = LinkProps & ButtonStyleProps

/** A Remix `<Link>` styled as a button: navigation that works with or without JavaScript. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink({ variant, size, fullWidth, className, ...props }, ref) {
  return <Link ref={ref} className={buttonClassName({ variant, size, fullWidth, className })} {...props} />
})
