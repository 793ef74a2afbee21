import type { SVGProps } from 'react'

/** Small stroke icons for the primitives. Decorative: the text next to them carries the meaning. */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

/** A 24 px line icon drawn with the current text colour, hidden from assistive tech: the base of every icon here. */
export function Icon({ className, children, ...props }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? 'size-5'}
      {...props}
    >
      {children}
    </svg>
  )
}

/** A speech bubble: talking to someone (the header's call to action where its words do not fit). */
export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </Icon>
  )
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  )
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </Icon>
  )
}

export function AlertCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5" />
      <path d="M12 16.25h.01" />
    </Icon>
  )
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </Icon>
  )
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  )
}

/**
 * Turns while `spinning`. A button that keeps its spinner hidden until it is
 * pending passes `spinning={false}` meanwhile: an endless animation runs on
 * a hidden element too, and costs the page a frame's work at every frame.
 */
export function SpinnerIcon({ className, spinning = true, ...props }: IconProps & { spinning?: boolean }) {
  return (
    <Icon className={`${className ?? 'size-5'}${spinning ? ' motion-safe:animate-spin' : ''}`} {...props}>
      <path d="M21 12a9 9 0 1 1-6.2-8.56" />
    </Icon>
  )
}
