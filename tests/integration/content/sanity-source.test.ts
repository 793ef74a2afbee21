// @vitest-environment node
import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  clearContentCache,
  getAboutPage,
  getCasesPage,
  getCaseStudy,
  getHomePage,
  getLegalPage,
  getServicePage,
  getServicesPage,
  getSiteSettings,
  loadQuery,
  setContentCacheTtl,
  setContentSource,
} from '~/content/content.server'
import { imageSources } from '~/content/image-sources'
import { homePageQuery } from '~/content/queries'
import { homePageSchema } from '~/content/schemas'
import { readSeedDataset, type SeedDocument } from '~/content/seed-dataset.server'
import { ContentUnavailableError, createSanitySource, type SanitySourceConfig } from '~/content/source.server'
import { collectImageRefs, parseSeedImageRef, rewriteRefs } from '../../../studio/lib/dataset-transfer'
import { startContentLake, type ContentLake } from '../../support/content-lake'

/**
 * The site in Sanity mode, against a stand-in of the Content Lake
 * (tests/support/content-lake.ts) holding the seed as it would look after
 * `content:import` (asset ids and CDN URLs). No network leaves the machine.
 */
const PROJECT = 'proj1234'
const DATASET = 'production'

/** The seed as Sanity would hold it: seed image refs → hashed asset ids, plus their asset documents. */
function lakeDataset(): SeedDocument[] {
  const seed = readSeedDataset()
  // One photo (raster) so Sanity mode has something to build a srcSet for.
  const avatar = { _type: 'image', asset: { _type: 'reference', _ref: 'image-avatar-800x800-jpg' }, alt: 'Foto de Marcos' }
  seed.forEach((document) => {
    if (document._id === 'testimonial-home-1') document.avatar = avatar
  })
  const mapping = new Map<string, string>()
  const assets: SeedDocument[] = []
  for (const ref of collectImageRefs(seed)) {
    const image = parseSeedImageRef(ref)!
    const hash = createHash('sha1').update(ref).digest('hex')
    const id = `image-${hash}-${image.width}x${image.height}-${image.extension}`
    mapping.set(ref, id)
    assets.push({
      _id: id,
      _type: 'sanity.imageAsset',
      url: `https://cdn.sanity.io/images/${PROJECT}/${DATASET}/${hash}-${image.width}x${image.height}.${image.extension}`,
      metadata: { dimensions: { width: image.width, height: image.height } },
    })
  }
  return [...seed.map((document) => rewriteRefs(document, mapping)), ...assets]
}

let lake: ContentLake

beforeAll(async () => {
  lake = await startContentLake({ dataset: lakeDataset() })
})

afterAll(async () => {
  setContentSource(undefined)
  setContentCacheTtl(undefined)
  await lake.close()
})

afterEach(() => {
  lake.mode = 'ok'
  lake.seen.length = 0
})

const config = (overrides: Partial<SanitySourceConfig> = {}): SanitySourceConfig => ({
  projectId: PROJECT,
  dataset: DATASET,
  apiVersion: '2025-02-19',
  apiHost: lake.url,
  useCdn: false,
  maxRetries: 0,
  retryDelay: () => 0,
  ...overrides,
})

function useSanity(overrides: Partial<SanitySourceConfig> = {}, ttlMs = 60_000) {
  setContentSource(createSanitySource(config(overrides)))
  setContentCacheTtl(ttlMs)
}

async function thrownStatus(promise: Promise<unknown>): Promise<number | 'resolved'> {
  try {
    await promise
    return 'resolved'
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
}

describe('Sanity mode (client against a local Content Lake)', () => {
  test('every page’s query runs through @sanity/client and parses', async () => {
    useSanity({}, 0)
    expect((await getSiteSettings()).defaultTitle).toContain('Grow Smarter')
    expect((await getHomePage()).testimonials.items).toHaveLength(10)
    expect((await getAboutPage()).team).toHaveLength(4)
    expect((await getServicesPage()).services).toHaveLength(9)
    expect((await getServicePage('trafego')).page.faq.length).toBeGreaterThan(0)
    expect((await getCasesPage()).cases).toHaveLength(12)
    expect((await getCaseStudy('rayz-shoes')).clickable).toBe(true)
    expect((await getLegalPage('termos-uso')).title).toBeTruthy()
    expect(await thrownStatus(getCaseStudy('nao-existe'))).toBe(404)
  })

  test('asks for published content of the configured dataset, with the parameters as GROQ values', async () => {
    useSanity({}, 0)
    await getServicePage('ia')
    const request = lake.seen.at(-1)!
    expect(request.path).toBe(`/v2025-02-19/data/query/${DATASET}`)
    expect(request.params.get('perspective')).toBe('published')
    expect(request.params.get('$slug')).toBe('"ia"')
    expect(request.authorization).toBeUndefined()
  })

  test('sends the read token when one is configured', async () => {
    useSanity({ token: 'token-de-leitura' }, 0)
    await getSiteSettings()
    expect(lake.seen.at(-1)!.authorization).toBe('Bearer token-de-leitura')
  })

  test('images come from Sanity’s CDN: @sanity/image-url sizes for photos, the file itself for SVG', async () => {
    useSanity({}, 0)
    const page = await getHomePage()
    const badge = imageSources(page.ratingBadge.image)
    expect(badge.src).toMatch(new RegExp(`^https://cdn\\.sanity\\.io/images/${PROJECT}/${DATASET}/[0-9a-f]{40}-240x80\\.svg$`))
    expect(badge).toMatchObject({ width: 240, height: 80, alt: 'Google Rating 5.0' })
    const photo = imageSources(page.testimonials.items.find((item) => item._id === 'testimonial-home-1')!.avatar!, 96)
    expect(photo.src).toMatch(/\?.*w=96/)
    expect(photo.srcSet).toMatch(/ 192w$/)
    expect(photo).toMatchObject({ width: 96, height: 96, alt: 'Foto de Marcos' })
  })

  test('results are cached in memory, and the publish webhook’s clear makes the next request fetch again', async () => {
    useSanity({}, 60_000)
    await getHomePage()
    await getHomePage()
    expect(lake.seen).toHaveLength(1)
    clearContentCache()
    await getHomePage()
    expect(lake.seen).toHaveLength(2)
  })

  test('concurrent requests for the same content share one fetch', async () => {
    useSanity({}, 60_000)
    await Promise.all([getAboutPage(), getAboutPage(), getAboutPage()])
    expect(lake.seen).toHaveLength(1)
  })

  test('while Sanity is down, a stale cached copy still answers', async () => {
    useSanity({}, 60_000)
    const fresh = await getHomePage()
    clearContentCache()
    lake.mode = 'down'
    expect(await getHomePage()).toEqual(fresh)
    expect(lake.seen).toHaveLength(2)
  })
})

describe('Sanity unreachable', () => {
  test('a 5xx with nothing cached is a 503 page with the Portuguese message', async () => {
    useSanity({}, 60_000)
    lake.mode = 'down'
    let thrown: unknown
    try {
      await getCasesPage()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(503)
    expect(await (thrown as Response).json()).toEqual({ message: expect.stringMatching(/temporariamente indisponível/) })
  })

  test('a host that does not resolve (ENOTFOUND) is ContentUnavailableError', async () => {
    const source = createSanitySource(config({ apiHost: 'http://conteudo-inexistente.invalid' }))
    await expect(source.fetch('*[_type == "siteSettings"][0]')).rejects.toBeInstanceOf(ContentUnavailableError)
  })

  test('a request that never answers times out into ContentUnavailableError', async () => {
    lake.mode = 'hang'
    const source = createSanitySource(config({ timeoutMs: 300 }))
    const started = Date.now()
    await expect(source.fetch('*[_type == "siteSettings"][0]')).rejects.toBeInstanceOf(ContentUnavailableError)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  test('a bad query (4xx) is a bug, not unavailability: it is not turned into a 503', async () => {
    useSanity({}, 0)
    lake.mode = 'bad-query'
    const error = await loadQuery(homePageQuery, {}, homePageSchema).catch((caught: unknown) => caught)
    expect(error).not.toBeInstanceOf(ContentUnavailableError)
    expect((error as { statusCode?: number }).statusCode).toBe(400)
  })
})
