/**
 * schema.org data for article pages (JSON-LD through Remix's `script:ld+json`
 * meta descriptor): Article, FAQPage when the article has questions, and
 * BreadcrumbList (positions from 1, the first item 'Home').
 */
export type ArticleForStructuredData = {
  title: string
  description: string
  url: string
  imageUrl: string
  publishDate: string
  modifiedDate?: string | null
  authorName: string
  authorRole: string
  section: string
  keywords: string[]
  wordCount: number
}

export function articleJsonLd(article: ArticleForStructuredData, publisher: { name: string; url: string; logoUrl: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: article.description,
    image: [article.imageUrl],
    datePublished: article.publishDate,
    dateModified: article.modifiedDate ?? article.publishDate,
    author: { '@type': 'Person', name: article.authorName, jobTitle: article.authorRole },
    publisher: { '@type': 'Organization', name: publisher.name, url: publisher.url, logo: { '@type': 'ImageObject', url: publisher.logoUrl } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': article.url },
    articleSection: article.section,
    keywords: article.keywords.join(', '),
    wordCount: article.wordCount,
    inLanguage: 'pt-BR',
  }
}

export function faqJsonLd(faq: { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map(({ question, answer }) => ({ '@type': 'Question', name: question, acceptedAnswer: { '@type': 'Answer', text: answer } })),
  }
}

/** `trail` from the home to the current page; the last item is the page itself. */
export function breadcrumbJsonLd(trail: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  }
}
