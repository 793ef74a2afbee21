import { useId, type ReactNode } from 'react'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Section, useSectionTone } from '~/components/ui/section'
import type { FinalCta } from '~/content/schemas'

/** A grid of {title, description} cards: profiles, steps, values, reasons. */
export function TitledItemGrid({
  items,
  columns = 4,
  numbered = false,
}: {
  items: readonly { _key: string; title: string; description: string }[]
  columns?: 2 | 3 | 4
  numbered?: boolean
}) {
  const tone = useSectionTone()
  const dark = tone === 'brand' || tone === 'dark'
  const List = numbered ? 'ol' : 'ul'
  return (
    <List className={cx('mt-10 grid gap-6 sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3', columns === 4 && 'lg:grid-cols-4')}>
      {items.map((item) => (
        <li key={item._key} className={cx('rounded-2xl p-6', dark ? 'bg-white/10 ring-1 ring-white/15' : 'bg-white shadow-sm ring-1 ring-ink-200')}>
          <h3 className={cx('text-lg font-bold', dark ? 'text-white' : 'text-ink-900')}>{item.title}</h3>
          <p className={cx('mt-2 leading-relaxed', dark ? 'text-brand-100' : 'text-ink-600')}>{item.description}</p>
        </li>
      ))}
    </List>
  )
}

/** Headline figures: the value large, the label under it, an optional line of context. */
export function FigureList({
  items,
  className,
}: {
  items: readonly { _key: string; value: string; label: string; description?: string }[]
  className?: string
}) {
  const tone = useSectionTone()
  const dark = tone === 'brand' || tone === 'dark'
  return (
    <dl className={cx('mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {items.map((item) => (
        // A dl group holds only dt and dd: the figure is shown first, the label and description below.
        <div key={item._key} className={cx('flex flex-col rounded-2xl p-6', dark ? 'bg-white/10' : 'bg-brand-50')}>
          <dt className={cx('font-semibold', dark ? 'text-brand-100' : 'text-ink-700')}>{item.label}</dt>
          <dd className={cx('-order-1 text-4xl font-extrabold tracking-tight', dark ? 'text-white' : 'text-brand-700')}>{item.value}</dd>
          {item.description ? <dd className={cx('mt-2 text-sm', dark ? 'text-brand-100' : 'text-ink-600')}>{item.description}</dd> : null}
        </div>
      ))}
    </dl>
  )
}

/** A closing call to action band: title, text and one button. */
export function CallToActionBand({ title, text, action, titleId }: { title: string; text: string; action: ReactNode; titleId?: string }) {
  return (
    <div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white md:px-12">
      <h2 id={titleId} className="text-title font-bold text-balance">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-lead text-brand-100">{text}</p>
      <div className="mt-8 flex justify-center">{action}</div>
    </div>
  )
}

/** The closing band of a content page: the content's final call to action as a button, the section named by its title. */
export function FinalCallToAction({ cta }: { cta: FinalCta }) {
  const titleId = useId()
  return (
    <Section spacing="sm" aria-labelledby={titleId}>
      <CallToActionBand
        titleId={titleId}
        title={cta.title}
        text={cta.text}
        action={
          <ButtonLink to={cta.button.href} variant="accent" size="lg">
            {cta.button.label}
          </ButtonLink>
        }
      />
    </Section>
  )
}
