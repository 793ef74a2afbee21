import { describe, expect, test } from 'vitest'
import { readSeedDataset } from '~/content/seed-dataset.server'
import {
  batchDocuments,
  collectImageRefs,
  createOrReplaceMutations,
  importableDocuments,
  parseSeedImageRef,
  rewriteRefs,
  SEED_ASSET_SOURCE,
  seedRefForAsset,
  splitIntoFiles,
  type Doc,
} from '../../../studio/lib/dataset-transfer'

/** The pure half of content:import / content:export: no network, no files. */
const image = (ref: string) => ({ _type: 'image', asset: { _type: 'reference', _ref: ref }, alt: 'x' })

describe('import', () => {
  test('collects each image reference once, and rewrites them to the uploaded asset ids', () => {
    const documents: Doc[] = [
      { _id: 'a', _type: 'homePage', ratingBadge: { image: image('image-google-rating-240x80-svg') }, seo: { image: image('image-og-default-1200x630-png') } },
      { _id: 'b', _type: 'testimonial', avatar: image('image-google-rating-240x80-svg'), other: { _type: 'reference', _ref: 'testimonial-1' } },
    ]
    expect(collectImageRefs(documents)).toEqual(['image-google-rating-240x80-svg', 'image-og-default-1200x630-png'])
    const rewritten = rewriteRefs(documents, new Map([['image-google-rating-240x80-svg', 'image-3f2a9c-240x80-svg']]))
    expect(rewritten[1]).toMatchObject({ avatar: { asset: { _ref: 'image-3f2a9c-240x80-svg' } }, other: { _ref: 'testimonial-1' } })
    // The input is left as it was.
    expect((documents[1] as unknown as { avatar: { asset: { _ref: string } } }).avatar.asset._ref).toBe('image-google-rating-240x80-svg')
  })

  test('parses a seed image reference into its file', () => {
    expect(parseSeedImageRef('image-og-default-1200x630-png')).toMatchObject({ fileName: 'og-default.png', width: 1200, height: 630 })
    expect(parseSeedImageRef('testimonial-1')).toBeNull()
  })

  test('never sends drafts or system documents, and strips the fields the Content Lake manages', () => {
    const result = importableDocuments([
      { _id: 'homePage', _type: 'homePage', _rev: 'r1', _updatedAt: '2025-01-01', _createdAt: '2025-01-01', title: 'x' },
      { _id: 'drafts.homePage', _type: 'homePage' },
      { _id: 'image-a-1x1-png', _type: 'sanity.imageAsset' },
    ])
    expect(result).toEqual([{ _id: 'homePage', _type: 'homePage', title: 'x' }])
  })

  test('batches by document count and by size, keeping order', () => {
    const documents = Array.from({ length: 7 }, (_, index): Doc => ({ _id: `d${index}`, _type: 'faqItem', answer: 'x'.repeat(100) }))
    const byCount = batchDocuments(documents, { maxDocuments: 3, maxBytes: 1_000_000 })
    expect(byCount.map((batch) => batch.map((document) => document._id))).toEqual([['d0', 'd1', 'd2'], ['d3', 'd4', 'd5'], ['d6']])
    const bySize = batchDocuments(documents, { maxDocuments: 100, maxBytes: 300 })
    expect(bySize.every((batch) => batch.length === 2 || batch.length === 1)).toBe(true)
    expect(bySize.flat().map((document) => document._id)).toEqual(documents.map((document) => document._id))
    expect(() => batchDocuments(documents, { maxDocuments: 100, maxBytes: 50 })).toThrow(/d0 tem \d+ bytes/)
  })

  test('the whole seed fits in a few transactions of createOrReplace mutations only', () => {
    const batches = batchDocuments(importableDocuments(readSeedDataset()))
    expect(batches.length).toBeGreaterThan(0)
    expect(batches.length).toBeLessThanOrEqual(5)
    const mutations = batches.flatMap(createOrReplaceMutations)
    expect(mutations.every((mutation) => Object.keys(mutation).join() === 'createOrReplace')).toBe(true)
    expect(new Set(mutations.map((mutation) => mutation.createOrReplace._id)).size).toBe(mutations.length)
  })
})

describe('export', () => {
  test('an asset uploaded by the import goes back to its seed reference', () => {
    expect(
      seedRefForAsset({
        _id: 'image-3f2a9c-240x80-svg',
        _type: 'sanity.imageAsset',
        source: { name: SEED_ASSET_SOURCE, id: 'image-google-rating-240x80-svg' },
      }),
    ).toBe('image-google-rating-240x80-svg')
  })

  test('an editor’s upload gets a readable, collision-free name from its file name', () => {
    const ref = seedRefForAsset({
      _id: 'image-9b8c7d6e5f4a-1600x900-jpg',
      _type: 'sanity.imageAsset',
      originalFilename: 'Equipe Reunião.JPG',
      extension: 'jpg',
      sha1hash: '9b8c7d6e5f4a3b2c',
      metadata: { dimensions: { width: 1600, height: 900 } },
    })
    expect(ref).toBe('image-equipe-reuniao-9b8c7d6e-1600x900-jpg')
    expect(parseSeedImageRef(ref)?.fileName).toBe('equipe-reuniao-9b8c7d6e.jpg')
  })

  test('documents return to their file and place; new ones go to their type’s file', () => {
    const existing = new Map([
      ['servicesPage', { file: 'home-services.ndjson', index: 1 }],
      ['homePage', { file: 'home-services.ndjson', index: 0 }],
      ['case-b', { file: 'cases.ndjson', index: 0 }],
    ])
    const files = splitIntoFiles(
      [
        { _id: 'servicesPage', _type: 'servicesPage' },
        { _id: 'case-a', _type: 'caseStudy' },
        { _id: 'homePage', _type: 'homePage' },
        { _id: 'case-b', _type: 'caseStudy' },
        { _id: 'article-1', _type: 'article' },
        { _id: 'episodio-1', _type: 'podcastEpisode' },
      ],
      existing,
    )
    expect(Object.fromEntries([...files].map(([file, documents]) => [file, documents.map((document) => document._id)]))).toEqual({
      'articles.ndjson': ['article-1'],
      'cases.ndjson': ['case-b', 'case-a'],
      'home-services.ndjson': ['homePage', 'servicesPage'],
      'podcastEpisode.ndjson': ['episodio-1'],
    })
  })
})
