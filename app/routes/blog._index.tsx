import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { loadBlogListing } from '~/blog/blog.server'
import { listingHref } from '~/blog/listing'
import { FEATURED_IMAGE, imageHostPreconnect, imagePreloads } from '~/blog/page-images'
import { BlogListing } from '~/components/blog/blog-listing'
import { SuccessNotice } from '~/components/forms/success-notice'
import { PageHero } from '~/components/sections/page-hero'
import { Breadcrumbs } from '~/components/ui/breadcrumbs'
import { island } from '~/components/ui/island'
import { Section } from '~/components/ui/section'
import { routeMeta } from '~/content/seo'
import { newsletterSchema } from '~/leads/form-schemas'
import { handleLeadAction, leadRouteHeaders, prepareLeadForm } from '~/leads/lead-action.server'
import { FORM_PAGE, requirePost } from '~/utils/methods.server'

/** The form hydrates after the rest of the page (island.tsx): its code is not in the page's JavaScript up front. */
const NewsletterForm = island(() => import('~/components/forms/newsletter-form').then((module) => module.NewsletterForm))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const [listing, { leadForm, headers }] = await Promise.all([loadBlogListing(url, context.preview), prepareLeadForm(request, 'newsletter')])
  const subscribed = url.searchParams.get('inscrito') === '1'
  return data({ listing, leadForm, subscribed }, { headers })
}

export const headers = leadRouteHeaders

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, FORM_PAGE)
  const outcome = await handleLeadAction({ request, context, form: 'newsletter', schema: newsletterSchema, confirmation: () => '/blog?inscrito=1#newsletter' })
  return outcome.response
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const listing = args.data?.listing
  // Each page of the listing is its own canonical URL; a search or a category is a view of it, kept out of the index.
  return [
    ...routeMeta(args, {
      seo: listing?.page.seo,
      canonicalPath: listingHref({ page: listing?.pageNumber }),
      noIndex: listing?.filtered || undefined,
    }),
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', href: '/blog/rss.xml', title: listing?.page.hero.title },
    ...imageHostPreconnect((listing?.featured ?? listing?.items[0])?.image.url),
    ...imagePreloads([[listing?.featured?.image, FEATURED_IMAGE]]),
  ]
}

/** /blog: search, category chips, the featured article, the grid, pagination and the newsletter. */
export default function Blog() {
  const { listing, leadForm, subscribed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { page } = listing
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle} />
      <Breadcrumbs trail={[{ label: page.hero.eyebrow ?? page.hero.title }]} />
      <Section spacing="sm">
        <BlogListing data={listing} />
      </Section>
      <Section id="newsletter" aria-labelledby="newsletter-titulo">
        <div className="mx-auto max-w-2xl rounded-3xl bg-brand-50 p-8 md:p-10">
          <h2 id="newsletter-titulo" className="text-2xl font-bold text-ink-900">
            {page.newsletter.title}
          </h2>
          <p className="mt-2 text-ink-700">{page.newsletter.text}</p>
          <div className="mt-6">
            <SuccessNotice form="newsletter" kind="newsletter" open={subscribed} closeHref="/blog" />
            <NewsletterForm key={subscribed ? 'inscrito' : 'novo'} leadForm={leadForm} actionData={actionData} />
          </div>
        </div>
      </Section>
    </>
  )
}
