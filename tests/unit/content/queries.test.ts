// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createConfiguredSource,
  getAboutPage,
  getCasesPage,
  getCaseStudy,
  getContactPage,
  getHomePage,
  getLegalPage,
  getSchedulingSettings,
  getServicePage,
  getServicesPage,
  getSitemapContent,
  getSiteSettings,
  loadQuery,
  setContentSource,
} from '~/content/content.server'
import { casesPageQuery, homePageQuery } from '~/content/queries'
import { homePageSchema } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'

/**
 * Every query of the site, run by groq-js over the seed (no environment at
 * all) and parsed by its zod schema: what the pages receive.
 */
beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise
    return 200
  } catch (error) {
    if (error instanceof Response) return error.status
    throw error
  }
}

describe('the configured source', () => {
  const env = { SANITY_DATASET: 'production', SANITY_API_VERSION: '2025-02-19', SANITY_READ_TOKEN: undefined, SANITY_USE_CDN: true }
  test('is the seed with no SANITY_PROJECT_ID, and Sanity with one', () => {
    expect(createConfiguredSource({ ...env, SANITY_PROJECT_ID: undefined }).kind).toBe('seed')
    expect(createConfiguredSource({ ...env, SANITY_PROJECT_ID: 'abc123' }).kind).toBe('sanity')
  })
})

describe('content queries over the seed', () => {
  test('site settings carry the brand and the Grow Smarter title', async () => {
    const settings = await getSiteSettings()
    expect(settings.brand).toBe('Alavanca Digital')
    expect(settings.defaultTitle).toContain('Grow Smarter')
    expect(settings.heroStats).toHaveLength(3)
  })

  test('the home page dereferences its ten testimonials', async () => {
    const page = await getHomePage()
    expect(page.testimonials.items).toHaveLength(10)
    for (const item of page.testimonials.items) {
      expect(item.name).toBeTruthy()
      expect(item.rating).toBeGreaterThanOrEqual(1)
    }
    expect(page.ratingBadge.image).toMatchObject({ alt: 'Google Rating 5.0', url: '/images/google-rating.svg' })
    expect(page.hero.primaryCta.href).toMatch(/^\//)
  })

  test('the scheduling settings: 30-minute meetings, 2 h notice, 14 days, two specialists on weekdays, 2026 and 2027 holidays blocked', async () => {
    const settings = await getSchedulingSettings()
    expect(settings).toMatchObject({ meetingMinutes: 30, minimumNoticeHours: 2, horizonDays: 14 })
    expect(settings.specialists.map((specialist) => specialist.key)).toEqual(['ana-ribeiro', 'bruno-carvalho'])
    for (const specialist of settings.specialists) {
      expect(specialist.photo).toMatchObject({ url: `/images/especialista-${specialist.key}.svg` })
      expect(specialist.weeklyHours.map((day) => day.weekday)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'])
      for (const day of specialist.weeklyHours) expect(day.intervals.map(({ start, end }) => `${start}-${end}`)).toEqual(['09:00-12:00', '14:00-18:00'])
    }
    expect(settings.specialists.map((specialist) => [specialist.meetingMode, specialist.meetingUrl !== undefined])).toEqual([
      ['videoCall', true],
      ['whatsappCall', false],
    ])
    const blocked = settings.blockedDates.map((item) => item.date)
    expect(blocked).toEqual(expect.arrayContaining(['2026-04-03', '2026-11-20', '2026-12-25', '2027-02-09', '2027-05-27']))
    expect(blocked.filter((day) => day.startsWith('2026'))).toHaveLength(13)
    expect(blocked.filter((day) => day.startsWith('2027'))).toHaveLength(13)
  })

  test('loadQuery returns the same typed result, and null for a document that does not exist', async () => {
    const page = await loadQuery(homePageQuery, {}, homePageSchema)
    expect(page?.audience.profiles).toHaveLength(4)
    expect(await loadQuery('*[_id == "nao-existe"][0]', {}, homePageSchema)).toBeNull()
  })

  test('the about page: seven values, a team of four with two AI agents', async () => {
    const page = await getAboutPage()
    expect(page.values).toHaveLength(7)
    expect(page.team).toHaveLength(4)
    expect(page.team.filter((member) => member.isAiAgent)).toHaveLength(2)
  })

  test('the services page dereferences nine services and three testimonials, in display order', async () => {
    const page = await getServicesPage()
    expect(page.services).toHaveLength(9)
    expect(page.testimonials).toHaveLength(3)
    expect(page.metrics).toHaveLength(4)
    expect(
      page.services
        .filter((service) => service.hasPage)
        .map((service) => service.slug)
        .sort(),
    ).toEqual(['automacao', 'crescimento', 'ia', 'trafego'])
  })

  test('a service page by slug dereferences its FAQ; a service without a page is a 404', async () => {
    const service = await getServicePage('ia')
    expect(service.title).toBeTruthy()
    expect(service.page.faq.length).toBeGreaterThan(0)
    for (const faq of service.page.faq) expect(faq.question).toMatch(/\?$/)
    expect(await status(getServicePage('seo'))).toBe(404)
    expect(await status(getServicePage('nao-existe'))).toBe(404)
  })

  test('the cases page has twelve cases ordered by `order`, seven clickable', async () => {
    const { page, cases } = await getCasesPage()
    expect(page.testimonials).toHaveLength(2)
    expect(cases).toHaveLength(12)
    expect(cases.map((item) => item.order)).toEqual([...cases.map((item) => item.order)].sort((a, b) => a - b))
    expect(cases.filter((item) => item.clickable)).toHaveLength(7)
  })

  test('Quick2Sell and Pantera open full screen, the other clickable cases as dialogs, each with its story', async () => {
    const { cases } = await getCasesPage()
    const clickable = await Promise.all(cases.filter((item) => item.clickable).map((item) => getCaseStudy(item.slug)))
    const fullscreen = clickable.filter((item) => item.presentation === 'fullscreen').map((item) => item.slug)
    expect(fullscreen.sort()).toEqual(['pantera-refrigeracao', 'quick2sell'])
    expect(clickable.filter((item) => item.presentation === 'dialog')).toHaveLength(5)
    for (const item of clickable) expect(item.body?.length).toBeGreaterThan(0)
  })

  test('the cases list query fetches no story or SEO of each case (the case page reads them)', async () => {
    // The raw query result, before zod: what travels from Sanity.
    const raw = (await createSeedSource().fetch(casesPageQuery, {})) as { cases: Array<Record<string, unknown>> }
    expect(raw.cases).toHaveLength(12)
    for (const item of raw.cases) {
      expect(Object.keys(item)).not.toContain('body')
      expect(Object.keys(item)).not.toContain('seo')
    }
  })

  test('a case by key: clickable ones open, the others are a 404', async () => {
    const { cases } = await getCasesPage()
    const clickable = cases.find((item) => item.clickable)!
    const plain = cases.find((item) => !item.clickable)!
    expect((await getCaseStudy(clickable.slug)).title).toBe(clickable.title)
    expect(await status(getCaseStudy(plain.slug))).toBe(404)
  })

  test('legal pages by slug, with their numbered sections', async () => {
    const privacy = await getLegalPage('politica-privacidade')
    const terms = await getLegalPage('termos-uso')
    const sections = (body: typeof privacy.body) => body.filter((block) => block._type === 'block' && block.style === 'h2').length
    expect(sections(privacy.body)).toBe(9)
    expect(sections(terms.body)).toBe(11)
    expect(await status(getLegalPage('nao-existe'))).toBe(404)
  })

  test('the contact page with the FAQ of its topic only, and the sitemap paths', async () => {
    const contact = await getContactPage()
    expect(contact.faqs.length).toBeGreaterThan(0)
    expect(contact.faqs.map((faq) => faq._id).every((id) => id.startsWith('faq-contato'))).toBe(true)
    const sitemap = await getSitemapContent()
    expect(sitemap.services).toHaveLength(4)
    expect(sitemap.cases).toHaveLength(7)
    expect(sitemap.legal.map((page) => page.slug).sort()).toEqual(['politica-privacidade', 'termos-uso'])
  })
})
