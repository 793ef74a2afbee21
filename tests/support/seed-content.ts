import type { AboutPage, HomePage } from '../../app/content/sanity.types'
import { readSeedDataset } from '../../app/content/seed-dataset.server'

/**
 * The seed's documents, typed by the generated content types, for tests that
 * check a page renders its content: they compare with what the content says
 * instead of repeating copy that editors will change.
 */
type Documents = { homePage: HomePage; aboutPage: AboutPage }

export function seedDocument<Id extends keyof Documents>(id: Id): Documents[Id] {
  const document = readSeedDataset().find((candidate) => candidate._id === id)
  if (!document) throw new Error(`seed has no document ${id}`)
  return document as unknown as Documents[Id]
}
