import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RichTextBody } from '~/components/content/rich-text-body'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { FinalCallToAction, FigureList, TitledItemGrid } from '~/components/sections/cards'
import { PageHero } from '~/components/sections/page-hero'
import { ButtonLink } from '~/components/ui/button'
import { cx } from '~/components/ui/class-names'
import { Section, SectionHeading } from '~/components/ui/section'
import { getAboutPage } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { cmsData } from '~/utils/http.server'

export async function loader({ context }: LoaderFunctionArgs) {
  const page = await getAboutPage(context.preview)
  return cmsData({ page: { ...page, story: withBodyHtml(page.story) } })
}

export const meta: MetaFunction<typeof loader> = (args) => routeMeta(args, { seo: args.data?.page.seo })

export default function About() {
  const { page } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />

      <Section aria-labelledby="por-que-nos">
        <SectionHeading id="por-que-nos" title={page.whyUs.title} lead={page.whyUs.intro} />
        <TitledItemGrid items={page.whyUs.items} />
      </Section>

      <Section tone="muted" aria-labelledby="historia">
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <article className="max-w-3xl">
            <h2 id="historia" className="text-title font-bold text-ink-900">
              {page.story.title}
            </h2>
            <RichTextBody body={page.story.body} />
          </article>
          <div>
            <FigureList items={page.resultTeasers} className="mt-0 lg:grid-cols-1" />
            <ButtonLink to={page.resultsCta.href} variant="secondary" className="mt-6">
              {page.resultsCta.label}
            </ButtonLink>
          </div>
        </div>
      </Section>

      <Section aria-labelledby="missao visao">
        <div className="grid gap-6 md:grid-cols-2">
          {[
            { id: 'missao', ...page.mission },
            { id: 'visao', ...page.vision },
          ].map((item) => (
            <div key={item.id} className="rounded-2xl bg-brand-50 p-8">
              <h2 id={item.id} className="text-2xl font-bold text-brand-800">
                {item.title}
              </h2>
              <p className="mt-3 text-lead text-ink-700">{item.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section tone="brand" aria-labelledby="valores">
        <SectionHeading id="valores" eyebrow={page.valuesHeading.eyebrow} title={page.valuesHeading.title} />
        <TitledItemGrid items={page.values} numbered />
      </Section>

      <Section aria-labelledby="equipe">
        <SectionHeading id="equipe" eyebrow={page.teamHeading.eyebrow} title={page.teamHeading.title} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.team.map((member) => (
            <li key={member._key} className="rounded-2xl p-6 shadow-sm ring-1 ring-ink-200">
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex size-16 items-center justify-center rounded-full text-xl font-bold',
                  member.isAiAgent ? 'bg-accent-300 text-ink-900' : 'bg-brand-100 text-brand-800',
                )}
              >
                {member.initials}
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink-900">{member.name}</h3>
              {member.isAiAgent ? (
                <p className="mt-1 inline-block rounded-full bg-ink-900 px-3 py-0.5 text-xs font-semibold text-white">{page.teamHeading.aiAgentLabel}</p>
              ) : null}
              <p className="mt-2 text-sm font-semibold text-brand-700">{member.role}</p>
              <p className="mt-2 text-sm leading-relaxed text-ink-600">{member.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <FinalCallToAction cta={page.cta} />
    </>
  )
}
