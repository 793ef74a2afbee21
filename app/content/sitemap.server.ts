/**
 * /sitemap.xml's registry of public pages. When an issue adds a public page,
 * it adds the page here, in one place; the e2e test checks that every listed
 * URL answers 200. The XML is built by app/utils/sitemap.server.ts.
 */
import type { SitemapEntry } from '~/utils/sitemap.server'
import { getSitemapContent } from './content.server'

/**
 * Every public page that exists today. Async so later entries can come from
 * content (blog articles with their `modifiedDate` as lastmod).
 *
 * To add pages: append static ones to the list, or spread the result of a
 * content query, e.g. `...(await listArticles()).map((a) => ({ path: `/blog/${a.slug}`, lastmod: a.modifiedDate }))`.
 */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const content = await getSitemapContent()
  return [
    { path: '/', changefreq: 'weekly', priority: 1.0 },
    { path: '/sobre', changefreq: 'monthly', priority: 0.7 },
    { path: '/servicos', changefreq: 'monthly', priority: 0.9 },
    ...content.services.map((service) => ({
      path: `/servicos/${service.slug}`,
      lastmod: service._updatedAt,
      changefreq: 'monthly' as const,
      priority: 0.8,
    })),
    { path: '/casos', changefreq: 'monthly', priority: 0.8 },
    ...content.cases.map((caseStudy) => ({
      path: `/casos/${caseStudy.slug}`,
      lastmod: caseStudy._updatedAt,
      changefreq: 'yearly' as const,
      priority: 0.6,
    })),
    { path: '/blog', changefreq: 'weekly', priority: 0.7 },
    { path: '/contato', changefreq: 'yearly', priority: 0.8 },
    { path: '/ferramentas/calculadora', changefreq: 'monthly', priority: 0.8 },
    { path: '/ferramentas/teste-presenca-digital', changefreq: 'monthly', priority: 0.8 },
    { path: '/criar-agente', changefreq: 'monthly', priority: 0.7 },
    ...content.legal.map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt, changefreq: 'yearly' as const, priority: 0.3 })),
  ]
}
