import type { ReactNode } from 'react'
import { Section, SectionHeading } from '~/components/ui/section'

/** The top of an inner page: eyebrow, h1, subtitle and optional actions, on the brand colour. */
export function PageHero({ eyebrow, title, subtitle, children }: { eyebrow?: string; title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Section tone="brand" spacing="md" aria-labelledby="pagina-titulo">
      <SectionHeading as="h1" id="pagina-titulo" eyebrow={eyebrow} title={title} lead={subtitle} />
      {children ? <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div> : null}
    </Section>
  )
}
