// @vitest-environment node
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook'
import { evaluate, parse } from 'groq-js'
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest'
import { getCasesPage, getHomePage, getLegalPage, getServicePage, getServicesPage, setContentSource } from '~/content/content.server'
import { revalidateContent } from '~/content/revalidate.server'
import { createSanitySource, createSeedSource, readSeedDataset } from '~/content/source.server'
import { loader as rootLoader } from '~/root'
import { loader as homeLoader } from '~/routes/_index'
import { openDatabase, type DatabaseHandle } from '../../../db/client'

const seed = readSeedDataset('studio/seed')

/** A stand-in for @sanity/client: answers GROQ from the seed, as a dataset imported from it would. */
function stubClient() {
  const fetch = vi.fn(async (query: string, params: Record<string, unknown> = {}) => (await evaluate(parse(query), { dataset: seed, params })).get())
  return { fetch }
}

const sanitySource = (client: ReturnType<typeof stubClient> | { fetch: () => Promise<never> }) =>
  createSanitySource({ projectId: 'teste', dataset: 'production', apiVersion: '2025-02-19', client: client as never })

afterEach(() => setContentSource(undefined))

/** What a loader threw, as Remix answers it: the status and the JSON body. */
async function thrownResponse(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => {
      throw new Error('expected the loader to throw a response')
    },
    (error: unknown) => error,
  )
  if (thrown instanceof Response) return { status: thrown.status, body: await thrown.json() }
  const { init, data } = thrown as { init?: { status?: number }; data?: unknown }
  return { status: init?.status, body: data }
}

describe('the content source', () => {
  test('with no project, pages read the seed dataset', async () => {
    setContentSource(createSeedSource('studio/seed'))
    const home = await getHomePage()
    expect(home.testimonials.items).toHaveLength(10)
    expect(home.ratingBadge.image.alt).toBe('Google Rating 5.0')
    const services = await getServicesPage()
    expect(services.services.map((service) => service.slug)).toEqual([
      'trafego',
      'ia',
      'automacao',
      'crescimento',
      'lojas-virtuais',
      'criacao-de-sites',
      'social-media',
      'tracking-avancado',
      'seo',
    ])
  })

  test('with a Sanity project, the same queries run through the client and give the same pages', async () => {
    setContentSource(createSeedSource('studio/seed'))
    const fromSeed = await Promise.all([getHomePage(), getServicesPage(), getCasesPage(), getServicePage('ia'), getLegalPage('termos-uso')])
    const client = stubClient()
    setContentSource(sanitySource(client))
    const fromSanity = await Promise.all([getHomePage(), getServicesPage(), getCasesPage(), getServicePage('ia'), getLegalPage('termos-uso')])
    expect(fromSanity).toEqual(fromSeed)
    expect(client.fetch).toHaveBeenCalledTimes(5)
  })

  test('a route loader renders from Sanity when configured', async () => {
    setContentSource(sanitySource(stubClient()))
    const args = { request: new Request('http://localhost/'), params: {}, context: { cspNonce: '', clientIp: '127.0.0.1', preview: null } }
    const response = await homeLoader(args)
    expect(response.data.page.hero.title).toBe('Transformamos o seu negócio em uma máquina de vendas')
    // The hero's stats come with the site settings, which the root loader reads for every page.
    const root = await rootLoader(args)
    expect(root.data.settings.heroStats).toHaveLength(3)
  })

  test('Sanity unreachable gives a 503 with a Portuguese message, not a crash', async () => {
    const offline = Object.assign(new Error('getaddrinfo ENOTFOUND teste.apicdn.sanity.io'), { code: 'ENOTFOUND' })
    setContentSource(sanitySource({ fetch: () => Promise.reject(offline) }))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await thrownResponse(getHomePage())
    expect(response.status).toBe(503)
    expect(response.body).toEqual({ message: expect.stringContaining('temporariamente indisponível') })
  })

  test('a query bug is not disguised as an outage', async () => {
    const badQuery = Object.assign(new Error('expected "}"'), { statusCode: 400 })
    setContentSource(sanitySource({ fetch: () => Promise.reject(badQuery) }))
    await expect(getHomePage()).rejects.toThrow('expected "}"')
  })

  test('a page whose document does not exist is a 404', async () => {
    setContentSource(createSeedSource('studio/seed'))
    expect((await thrownResponse(getServicePage('nao-existe'))).status).toBe(404)
  })
})

describe('cache and revalidation', () => {
  const secret = 'segredo-do-webhook-de-teste'
  let handle: DatabaseHandle | undefined
  const db = async () => {
    handle ??= openDatabase({ dataDir: 'memory://' })
    await handle.migrate()
    return handle.db
  }
  afterAll(() => handle?.close())
  const signedRequest = async (body: string, key = secret) =>
    new Request('http://localhost/api/content/revalidate', {
      method: 'POST',
      body,
      headers: { [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), key) },
    })

  test('Sanity results are cached, and a signed publish webhook drops the cache', async () => {
    const client = stubClient()
    setContentSource(sanitySource(client))
    await getHomePage()
    await getHomePage()
    expect(client.fetch).toHaveBeenCalledTimes(1)

    const refused = await revalidateContent(await signedRequest('{"_id":"homePage"}', 'outro-segredo-qualquer'), { secret, db })
    expect(refused.status).toBe(401)
    await getHomePage()
    expect(client.fetch).toHaveBeenCalledTimes(1)

    const accepted = await revalidateContent(await signedRequest('{"_id":"homePage","_type":"homePage"}'), { secret, db })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({ ok: true, revalidated: true })
    await getHomePage()
    expect(client.fetch).toHaveBeenCalledTimes(2)
  })

  test('an unsigned call is refused, and with no secret configured the endpoint says so', async () => {
    const unsigned = new Request('http://localhost/api/content/revalidate', { method: 'POST', body: '{}' })
    expect((await revalidateContent(unsigned, { secret, db })).status).toBe(401)
    expect((await revalidateContent(await signedRequest('{}'), { secret: undefined, db })).status).toBe(503)
  })
})
