import { Link } from '@remix-run/react'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import type { ServiceCard as ServiceCardData } from '~/content/schemas'

const variants: Record<ServiceCardData['variant'], { card: string; title: string; text: string; badge?: string }> = {
  default: { card: 'bg-white ring-1 ring-ink-200', title: 'text-ink-900', text: 'text-ink-600' },
  highlighted: { card: 'bg-brand-50 ring-2 ring-brand-600', title: 'text-ink-900', text: 'text-ink-700', badge: 'Novidade' },
  featured: { card: 'bg-brand-900 text-white ring-1 ring-brand-900', title: 'text-white', text: 'text-brand-100', badge: 'Mais procurado' },
}

/** One service: description, four features, a case blurb and its calls to action. */
export function ServiceCard({ service }: { service: ServiceCardData }) {
  const look = variants[service.variant]
  const dark = service.variant === 'featured'
  return (
    <article className={cx('flex h-full flex-col rounded-2xl p-6 shadow-sm md:p-8', look.card)} aria-labelledby={`servico-${service.slug}`}>
      {look.badge ? (
        <p className={cx('mb-3 w-fit rounded-full px-3 py-1 text-xs font-bold', dark ? 'bg-accent-400 text-ink-900' : 'bg-brand-700 text-white')}>
          {look.badge}
        </p>
      ) : null}
      <h3 id={`servico-${service.slug}`} className={cx('text-xl font-bold', look.title)}>
        {service.title}
      </h3>
      <p className={cx('mt-1 font-semibold', dark ? 'text-accent-300' : 'text-brand-700')}>{service.tagline}</p>
      <p className={cx('mt-3 leading-relaxed', look.text)}>{service.description}</p>
      {/* The check marks are drawn by CSS (.check-list): one rule instead of an SVG per item. */}
      <ul className={cx('check-list mt-5 space-y-2', dark ? '[--check-color:var(--color-accent-300)]' : '[--check-color:var(--color-brand-600)]')}>
        {service.features.map((feature) => (
          <li key={feature} className={cx('flex gap-2 text-sm', look.text)}>
            {feature}
          </li>
        ))}
      </ul>
      <div className={cx('mt-6 rounded-xl p-4 text-sm', dark ? 'bg-white/10' : 'bg-ink-50')}>
        <p className={cx('font-semibold', look.title)}>Case: {service.caseStudy.title}</p>
        <p className={cx('mt-1', look.text)}>{service.caseStudy.text}</p>
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-6">
        <ButtonLink to={service.cta.href} variant={dark ? 'accent' : 'primary'} size="sm">
          {service.cta.label}
        </ButtonLink>
        {service.secondaryCta ? (
          <ButtonLink to={service.secondaryCta.href} variant={dark ? 'outline-on-dark' : 'secondary'} size="sm">
            {service.secondaryCta.label}
          </ButtonLink>
        ) : null}
        {service.hasPage ? (
          <Link to={`/servicos/${service.slug}`} className={cx('text-sm font-semibold underline underline-offset-4', dark ? 'text-white' : 'text-brand-700')}>
            Saiba mais<span className="sr-only"> sobre {service.title}</span>
          </Link>
        ) : null}
      </div>
    </article>
  )
}
