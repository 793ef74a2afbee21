import { ButtonLink } from '~/components/ui/button'
import { Container } from '~/components/ui/section'
import type { Cta, SiteSettings } from '~/content/schemas'

type HeroStat = Pick<SiteSettings['heroStats'][number], 'value' | 'label'>

export type HomeHeroProps = {
  eyebrow?: string
  title: string
  subtitle: string
  primaryCta: Cta
  secondaryCta: Cta
  stats: readonly HeroStat[]
}

/**
 * The home hero: the promise, two calls to action and the three stats.
 * Contrast: white and brand-100 on brand-900 (10:1+), ink-900 on accent-400.
 */
export function HomeHero({ eyebrow, title, subtitle, primaryCta, secondaryCta, stats }: HomeHeroProps) {
  return (
    <section aria-labelledby="hero-titulo" className="relative isolate overflow-hidden bg-brand-900 text-white">
      <HeroBackdrop />
      <Container className="py-16 md:py-24">
        <div className="max-w-3xl motion-safe:animate-fade-up">
          {eyebrow ? <p className="text-sm font-bold tracking-widest text-accent-300 uppercase">{eyebrow}</p> : null}
          <h1 id="hero-titulo" className="mt-4 text-display font-extrabold tracking-tight text-balance">
            {title}
          </h1>
          <p className="mt-6 max-w-2xl text-lead text-brand-100">{subtitle}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={primaryCta.href} variant="accent" size="lg">
              {primaryCta.label}
            </ButtonLink>
            <ButtonLink to={secondaryCta.href} variant="outline-on-dark" size="lg">
              {secondaryCta.label}
            </ButtonLink>
          </div>
        </div>
        <dl className="mt-14 grid gap-6 border-t border-white/15 pt-10 sm:grid-cols-3">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-brand-100">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  )
}

/** Our own decoration: a rising line chart drawn in SVG, behind the text. */
function HeroBackdrop() {
  return (
    <svg
      className="absolute inset-0 -z-10 size-full opacity-40"
      viewBox="0 0 1440 640"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-fade" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#421f92" />
          <stop offset="1" stopColor="#7444ef" />
        </linearGradient>
      </defs>
      <rect width="1440" height="640" fill="url(#hero-fade)" />
      <path d="M0 560 C 240 540, 360 500, 520 470 S 820 380, 980 300 S 1260 120, 1440 80" fill="none" stroke="#fbbf24" strokeWidth="4" strokeLinecap="round" />
      <path d="M0 640 L0 560 C 240 540, 360 500, 520 470 S 820 380, 980 300 S 1260 120, 1440 80 L1440 640Z" fill="#ffffff" opacity="0.06" />
    </svg>
  )
}
