/**
 * /sitemap.xml's registry of public pages. A new public page is added here,
 * in one place; the e2e test checks that every listed
 * URL answers 200. The XML is built by app/utils/sitemap.server.ts.
 */
import type { SitemapEntry } from '~/utils/sitemap.server'
import { getSitemapContent } from './content.server'

/** Every public, indexable page: static ones and those the content defines (services, cases, articles, legal pages). */
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
    { path: '/blog', lastmod: content.articles[0]?.modifiedDate ?? content.articles[0]?.publishDate, changefreq: 'weekly', priority: 0.7 },
    // Published, indexable articles only: one in development is noindex and stays out.
    ...content.articles.map((article) => ({
      path: `/blog/${article.slug}`,
      lastmod: article.modifiedDate ?? article.publishDate,
      changefreq: 'monthly' as const,
      priority: 0.6,
    })),
    { path: '/contato', changefreq: 'yearly', priority: 0.8 },
    { path: '/ferramentas/calculadora', changefreq: 'monthly', priority: 0.8 },
    { path: '/ferramentas/teste-presenca-digital', changefreq: 'monthly', priority: 0.8 },
    { path: '/criar-agente', changefreq: 'monthly', priority: 0.7 },
    ...content.legal.map((page) => ({ path: `/${page.slug}`, lastmod: page.updatedAt, changefreq: 'yearly' as const, priority: 0.3 })),
  ]
}
