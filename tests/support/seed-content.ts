import type { AboutPage, Article, BlogPage, HomePage } from '../../app/content/sanity.types'
import { readSeedDataset } from '../../app/content/seed-dataset.server'

/**
 * The seed's documents, typed by the generated content types, for tests that
 * check a page renders its content: they compare with what the content says
 * instead of repeating copy that editors will change.
 */
type Documents = { homePage: HomePage; aboutPage: AboutPage; blogPage: BlogPage }

export function seedDocument<Id extends keyof Documents>(id: Id): Documents[Id] {
  const document = readSeedDataset().find((candidate) => candidate._id === id)
  if (!document) throw new Error(`seed has no document ${id}`)
  return document as unknown as Documents[Id]
}

/** Every article of the seed, with its slug and status as the Studio stores them. */
export function seedArticles(): Article[] {
  return readSeedDataset().filter((document) => document._type === 'article') as unknown as Article[]
}

/** The articles the site lists, indexes and feeds: published and not hidden from search engines. */
export const indexableSeedArticles = () =>
  seedArticles()
    .filter((article) => article.status === 'published' && !article.seo?.noIndex)
    .sort((a, b) => (a.publishDate < b.publishDate ? 1 : -1))
