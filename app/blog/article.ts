import { withoutEditLinks } from '~/content/edit-links'
import type { ArticlePage } from '~/content/schemas'
import { MAX_RELATED_ARTICLES } from '../content/rules'
import { byPublishDate } from './dates'

type Published = ArticlePage['published'][number]
export type ArticleLink = { title: string; slug: string }

/**
 * Previous and next: the editor's choice when set, else by publish date
 * among the published articles (previous = the one published just before,
 * next = the one just after). An article in development has no neighbours.
 */
export function neighbours(article: Pick<ArticlePage, '_id' | 'previous' | 'next'>, published: Published[]) {
  const byDate = [...published].sort(byPublishDate('oldest'))
  const index = byDate.findIndex((candidate) => candidate._id === article._id)
  const link = (item: Published | undefined): ArticleLink | null => (item ? { title: item.title, slug: item.slug } : null)
  return {
    previous: article.previous ?? (index > 0 ? link(byDate[index - 1]) : null),
    next: article.next ?? (index >= 0 ? link(byDate[index + 1]) : null),
  }
}

export type RelatedArticle = { _id: string; title: string; slug: string; publishDate: string; category: string }

/** Three related articles: the editor's picks, completed with the newest of the same category, then the newest overall. */
export function relatedArticles(article: Pick<ArticlePage, '_id' | 'related'> & { category: { slug: string } }, published: Published[]): RelatedArticle[] {
  const chosen: RelatedArticle[] = article.related.filter((item) => item._id !== article._id).slice(0, MAX_RELATED_ARTICLES)
  const taken = new Set([article._id, ...chosen.map((item) => item._id)])
  const candidates = [
    ...published.filter((item) => item.categorySlug === article.category.slug),
    ...published.filter((item) => item.categorySlug !== article.category.slug),
  ]
  for (const candidate of candidates) {
    if (chosen.length >= MAX_RELATED_ARTICLES) break
    if (taken.has(candidate._id)) continue
    taken.add(candidate._id)
    chosen.push({ _id: candidate._id, title: candidate.title, slug: candidate.slug, publishDate: candidate.publishDate, category: candidate.category })
  }
  return chosen
}

export type ShareLink = { network: 'x' | 'facebook' | 'linkedin' | 'email'; label: string; href: string }

/** Links that share the article's URL and title on X, Facebook, LinkedIn and by e-mail (a preview's edit links left out: ADR 037). */
export function shareLinks(url: string, previewTitle: string): ShareLink[] {
  const title = withoutEditLinks(previewTitle)
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { network: 'x', label: 'Compartilhar no X', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { network: 'facebook', label: 'Compartilhar no Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'linkedin', label: 'Compartilhar no LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'email', label: 'Enviar por e-mail', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}` },
  ]
}
