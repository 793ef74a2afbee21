import type { MetaDescriptor } from '@remix-run/node'
import { builtInBrand } from './built-in-site-settings'
import { withoutEditLinks } from './edit-links'
import { NOT_FOUND_MESSAGE } from './messages'
import type { SiteSettings } from './schemas'

export type PageSeo = {
  title?: string
  description?: string
  /** Path of the canonical URL; defaults to the current path. */
  canonicalPath?: string
  /** Absolute URL of the 1200x630 share image. */
  image?: string
  type?: 'website' | 'article'
  noIndex?: boolean
}

const ROBOTS_INDEX = 'index, follow, max-image-preview:large, max-snippet:-1'

/** A URL for a meta tag: a root path ('/images/…') under the site URL; an absolute URL (an image CDN's) as it is. */
export const absoluteMetaUrl = (siteUrl: string, url: string | undefined) => (url?.startsWith('/') ? `${siteUrl}${url}` : url || undefined)

/**
 * Builds the full set of tags for a page: title, description, canonical, Open Graph,
 * Twitter and robots. Route `meta` functions call it; the root calls it with no page,
 * which gives the default brand title ('… Grow Smarter …').
 */
export function defaultMeta({
  siteUrl,
  pathname,
  page = {},
  settings,
}: {
  siteUrl: string
  pathname: string
  page?: PageSeo
  /** The root loader's; absent only on the error page of a refused post (the built-in brand then). */
  settings?: Pick<SiteSettings, 'brand' | 'defaultTitle' | 'description'>
}): MetaDescriptor[] {
  const brand = settings?.brand ?? builtInBrand
  const title = page.title ? `${page.title} | ${brand}` : (settings?.defaultTitle ?? brand)
  const description = page.description ?? settings?.description ?? ''
  const canonical = `${siteUrl}${page.canonicalPath ?? (pathname === '/' ? '/' : pathname.replace(/\/+$/, ''))}`
  const image = page.image ?? `${siteUrl}/images/og-default.png`
  // A preview's strings carry edit links (ADR 037): none may reach the page's head.
  return withoutEditLinks([
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: page.noIndex ? 'noindex, nofollow' : ROBOTS_INDEX },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:site_name', content: brand },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ])
}

type RootMatchData = { ENV?: { SITE_URL?: string }; settings?: SiteSettings }
type MetaArgs = { location: { pathname: string }; matches: readonly ({ id: string; data?: unknown } | undefined)[] }

/**
 * A route's meta from its content's SEO fields: the site URL and brand come
 * from the root loader, so every page's tags are built the same way.
 */
export function routeMeta(
  { location, matches }: MetaArgs,
  page: PageSeo & { seo?: { title: string; description: string; noIndex?: boolean; image?: { url?: string } } },
): MetaDescriptor[] {
  const root = matches.find((match) => match?.id === 'root')?.data as RootMatchData | undefined
  const siteUrl = root?.ENV?.SITE_URL ?? ''
  const { seo, noIndex, ...rest } = page
  return defaultMeta({
    siteUrl,
    pathname: location.pathname,
    settings: root?.settings,
    page: {
      title: seo?.title,
      description: seo?.description,
      noIndex: noIndex || seo?.noIndex,
      image: absoluteMetaUrl(siteUrl, seo?.image?.url),
      ...rest,
    },
  })
}

/**
 * The not-found page's head, for every 404: the catch-all route's, and the
 * root's when a page's loader finds nothing (an unknown article, a listing
 * page past the last one). Titled with the 404's message, kept out of the index.
 */
export const notFoundMeta = (args: MetaArgs): MetaDescriptor[] => routeMeta(args, { title: NOT_FOUND_MESSAGE, noIndex: true })
