import { createContext, useContext, type ElementType, type ReactNode } from 'react'
import { cx } from './class-names'

/**
 * Page layout primitives.
 * - Container: the content column, at most 1200 px wide, with side padding
 *   that grows from 16 px (320 px phones) to 32 px (desktop, up to 1440 px).
 * - Section: a full-width band with vertical rhythm and a tone (background);
 *   Eyebrow and SectionHeading inside it pick readable colours for that tone.
 *
 * Contrast (WCAG AA) per tone: ink-900 and ink-600 on white and ink-50 (7:1+);
 * white and brand-100 on brand-900 and ink-950 (10:1+); eyebrows brand-700 on
 * light (7:1+) and accent-300 on dark (9:1+).
 */

export type SectionTone = 'white' | 'muted' | 'brand' | 'dark'

const SectionToneContext = createContext<SectionTone>('white')

/** The tone of the section around a component (white outside any section). */
export const useSectionTone = () => useContext(SectionToneContext)

const isDark = (tone: SectionTone) => tone === 'brand' || tone === 'dark'

export function Container({ as: Component = 'div', className, children }: { as?: ElementType; className?: string; children: ReactNode }) {
  return <Component className={cx('mx-auto w-full max-w-[1200px] px-4 sm:px-6 lg:px-8', className)}>{children}</Component>
}

const toneClasses: Record<SectionTone, string> = {
  white: 'bg-white text-ink-900',
  muted: 'bg-ink-50 text-ink-900',
  brand: 'bg-brand-900 text-white',
  dark: 'bg-ink-950 text-white',
}

const spacingClasses = {
  none: '',
  sm: 'py-10 md:py-14',
  md: 'py-16 md:py-24',
  lg: 'py-20 md:py-32',
} as const

export type SectionProps = {
  id?: string
  tone?: SectionTone
  spacing?: keyof typeof spacingClasses
  /** Name the section after its heading's id (makes it a landmark region). */
  'aria-labelledby'?: string
  'aria-label'?: string
  className?: string
  containerClassName?: string
  children: ReactNode
}

export function Section({ id, tone = 'white', spacing = 'md', className, containerClassName, children, ...aria }: SectionProps) {
  return (
    <SectionToneContext.Provider value={tone}>
      <section id={id} data-tone={tone} className={cx(toneClasses[tone], spacingClasses[spacing], className)} {...aria}>
        <Container className={containerClassName}>{children}</Container>
      </section>
    </SectionToneContext.Provider>
  )
}

/** The small uppercase label above a section title ('Nossos serviços'). */
export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  const tone = useSectionTone()
  return <p className={cx('text-sm font-semibold tracking-[0.14em] uppercase', isDark(tone) ? 'text-accent-300' : 'text-brand-700', className)}>{children}</p>
}

export type SectionHeadingProps = {
  title: ReactNode
  eyebrow?: ReactNode
  lead?: ReactNode
  /** The heading level: h2 in sections, h1 for a page's hero. */
  as?: 'h1' | 'h2' | 'h3'
  id?: string
  align?: 'start' | 'center'
  className?: string
}

/** Eyebrow, title and lead paragraph, aligned and coloured for the section's tone. */
export function SectionHeading({ title, eyebrow, lead, as: Heading = 'h2', id, align = 'start', className }: SectionHeadingProps) {
  const tone = useSectionTone()
  return (
    <header className={cx('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <Heading
        id={id}
        className={cx(
          'font-bold tracking-tight text-balance',
          Heading === 'h1' ? 'text-display' : 'text-title',
          eyebrow ? 'mt-3' : undefined,
          isDark(tone) ? 'text-white' : 'text-ink-900',
        )}
      >
        {title}
      </Heading>
      {lead ? <p className={cx('mt-4 text-lead text-pretty', isDark(tone) ? 'text-brand-100' : 'text-ink-600')}>{lead}</p> : null}
    </header>
  )
}
