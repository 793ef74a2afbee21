// Relative imports only: vite.config.ts loads this module (the seed settings plugin) before path aliases exist.
import { z } from 'zod'
import { ASSET_REF, SANITY_CDN_IMAGE, seedImagePath } from './asset-ref'
import { conforms } from './conforms'
import { sanityImageBase } from './image-url'
import { ASSET_REF_MESSAGE, BRAND_TAGLINE_MESSAGE, hasBrandTagline, whatsappNumber } from './rules'
import type * as Q from './sanity.types'
import {
  intervalProblems,
  MEETING_MODES,
  SPECIALIST_KEY,
  SPECIALIST_KEY_MESSAGE,
  TIME_OF_DAY,
  TIME_OF_DAY_MESSAGE,
  WEEKDAYS,
  type MeetingMode,
  type Weekday,
} from './scheduling-rules'
import { CATEGORY_IDS, METRIC_TYPES } from './tool-keys'

/**
 * The shapes of the query results (./queries.ts), parsed at the edge of the
 * content module so every loader gets typed data and a content mistake fails
 * loudly in one place. Unknown keys (_type, _key of objects we do not use) are dropped.
 */

const text = z.string().trim().min(1)
/** Absent or null in the content → an optional key (GROQ returns null for missing fields). */
const nullish = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? undefined, schema.optional())

const crop = z.object({ top: z.number(), bottom: z.number(), left: z.number(), right: z.number() })
const hotspot = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })

/**
 * An image as the queries return it (`imageFragment`): the asset reference
 * names its size (`image-<name>-<w>x<h>-<ext>`), `url` is the CDN URL in Sanity
 * mode (absent in the seed). ./image.tsx turns it into src, srcSet, width, height.
 */
export const imageSchema = z
  .object({
    ref: text.regex(ASSET_REF, { message: ASSET_REF_MESSAGE }),
    url: nullish(z.string()),
    crop: nullish(crop),
    hotspot: nullish(hotspot),
    alt: text,
  })
  // Seed mode has no asset documents: the URL is the public file the reference names.
  // A raster image on Sanity's CDN gets its resized base URL here, on the server (image-url.ts).
  .transform((image) => ({ ...image, url: image.url ?? seedImagePath(image.ref) ?? undefined, cdnBase: sanityImageBase(image) }))
export type ContentImage = z.infer<typeof imageSchema>

/**
 * The share image of a page, ready for og:image: on Sanity's CDN it is cut to
 * 1200 × 630 JPEG (what every network renders); a seed file is used as it is.
 */
const shareImageSchema = imageSchema.transform((image) => ({
  ...image,
  url: image.url && SANITY_CDN_IMAGE.test(image.url) ? `${image.url.split('?')[0]}?w=1200&h=630&fit=crop&fm=jpg&q=85` : image.url,
}))

export const seoSchema = z.object({
  title: text,
  description: text,
  noIndex: nullish(z.boolean()),
  image: nullish(shareImageSchema),
})
export type Seo = z.infer<typeof seoSchema>

export const ctaSchema = z.object({ label: text, href: text })
export type Cta = z.infer<typeof ctaSchema>

/** Portable Text, passed as-is to the one Portable Text component (./portable-text.tsx). */
export const richTextSchema = z.array(z.looseObject({ _type: text, _key: text }))
export type RichText = z.infer<typeof richTextSchema>

/**
 * A dereferenced list (`items[]->{...}`): a reference to a document that is
 * not published (or was deleted) comes back as null and is left out instead
 * of failing the page.
 */
const referenced = <T extends z.ZodType>(schema: T) =>
  z.array(schema.nullable()).transform((items) => items.filter((item): item is NonNullable<typeof item> => item !== null))

const keyed = <T extends z.ZodRawShape>(shape: T) => z.object({ _key: text, ...shape })
const titledItem = keyed({ title: text, description: text })
/** A number with its label (hero stats, a case's figures); `figure` adds the line that explains it. */
const stat = keyed({ value: text, label: text })
const figure = stat.extend({ description: nullish(text) })
const heading = { eyebrow: nullish(text), title: text, intro: text }
/** The top of a page with no buttons: eyebrow, title and subtitle (PageHero). */
const pageHero = z.object({ eyebrow: nullish(text), title: text, subtitle: text })

export const testimonialSchema = z.object({
  _id: text,
  name: text,
  role: text,
  company: nullish(text),
  content: text,
  rating: z.number().int().min(1).max(5),
  initials: text,
  avatar: nullish(imageSchema),
})
export type Testimonial = z.infer<typeof testimonialSchema>

export const siteSettingsSchema = conforms<Q.SiteSettingsQueryResult>()(
  z.object({
    brand: text,
    defaultTitle: text.refine(hasBrandTagline, { message: BRAND_TAGLINE_MESSAGE }),
    description: text,
    blurb: text,
    email: z.email(),
    phone: z.object({ display: text, e164: text }),
    /** The number as bare digits, or null when it cannot be one (loadSiteSettings then uses the built-in copy's). */
    whatsapp: z.object({ number: z.string().transform(whatsappNumber), text }),
    social: z.array(keyed({ network: z.enum(['instagram', 'linkedin', 'x']), url: z.url() })),
    legal: z.object({ companyName: text, cnpj: text }),
    businessHours: z.array(keyed({ days: text, hours: text })),
    heroStats: z.array(stat),
    /** The services with their own page, in the editors' order: the footer and the contact form's select. */
    services: z.array(z.object({ title: text, slug: text })),
  }),
)

/** The settings as pages get them (loadSiteSettings): always a WhatsApp number. */
export type SiteSettings = z.infer<typeof siteSettingsSchema> & { whatsapp: { number: string } }

export const homePageSchema = conforms<Q.HomePageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: z.object({ eyebrow: nullish(text), title: text, subtitle: text, primaryCta: ctaSchema, secondaryCta: ctaSchema }),
    audience: z.object({ ...heading, profiles: z.array(titledItem) }),
    approach: z.object({ ...heading, steps: z.array(titledItem) }),
    results: z.object({ ...heading, items: z.array(figure), cta: ctaSchema }),
    salesServices: z.object({
      ...heading,
      cta: ctaSchema,
      cards: z.array(keyed({ title: text, description: text, icon: z.enum(['search', 'social', 'site', 'strategy']) })),
    }),
    comparison: z.object({
      ...heading,
      othersLabel: text,
      usLabel: text,
      rows: z.array(keyed({ topic: text, others: text, us: text })),
    }),
    testimonials: z.object({ title: text, subtitle: text, items: referenced(testimonialSchema) }),
    ratingBadge: z.object({ caption: text, image: imageSchema }),
    contact: z.object({ eyebrow: nullish(text), title: text, text, promise: text }),
  }),
)

export type HomePage = z.infer<typeof homePageSchema>

export const aboutPageSchema = conforms<Q.AboutPageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: pageHero,
    whyUs: z.object({ title: text, intro: text, items: z.array(titledItem) }),
    story: z.object({ title: text, body: richTextSchema }),
    resultTeasers: z.array(figure),
    resultsCta: ctaSchema,
    mission: z.object({ title: text, text }),
    vision: z.object({ title: text, text }),
    valuesHeading: z.object({ eyebrow: nullish(text), title: text }),
    values: z.array(titledItem),
    teamHeading: z.object({ eyebrow: nullish(text), title: text, aiAgentLabel: text }),
    team: z.array(keyed({ name: text, role: text, bio: text, initials: text, isAiAgent: z.boolean(), photo: nullish(imageSchema) })),
    cta: z.object({ title: text, text, button: ctaSchema }),
  }),
)

export type AboutPage = z.infer<typeof aboutPageSchema>

export const serviceCardSchema = z.object({
  _id: text,
  title: text,
  slug: text,
  tagline: text,
  description: text,
  features: z.array(text),
  caseStudy: z.object({ title: text, text }),
  cta: ctaSchema,
  secondaryCta: nullish(ctaSchema),
  variant: z.enum(['default', 'highlighted', 'featured']),
  order: z.number(),
  backgroundImage: nullish(imageSchema),
  hasPage: z.boolean(),
})
export type ServiceCard = z.infer<typeof serviceCardSchema>

const finalCta = z.object({ title: text, text, button: ctaSchema })
export type FinalCta = z.infer<typeof finalCta>

export const servicesPageSchema = conforms<Q.ServicesPageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: z.object({ eyebrow: nullish(text), title: text, subtitle: text, primaryCta: ctaSchema, presentationCta: ctaSchema }),
    metrics: z.array(keyed({ label: text, value: z.number(), decimals: nullish(z.number().int()), prefix: nullish(z.string()), suffix: nullish(z.string()) })),
    overview: z.object({ ...heading, steps: z.array(titledItem) }),
    servicesTitle: text,
    servicesIntro: text,
    services: referenced(serviceCardSchema),
    testimonialsTitle: text,
    testimonials: referenced(testimonialSchema),
    presenceTest: finalCta,
    finalCta,
  }),
)

export type ServicesPage = z.infer<typeof servicesPageSchema>
export type Metric = ServicesPage['metrics'][number]

export const faqSchema = z.object({ _id: text, question: text, answer: text })
export type Faq = z.infer<typeof faqSchema>

export const servicePageSchema = conforms<Q.ServiceBySlugQueryResult>()(
  serviceCardSchema.extend({
    seo: seoSchema,
    page: z.object({ intro: text, body: richTextSchema, faq: z.preprocess((faq) => faq ?? [], referenced(faqSchema)), finalCta }),
    /** The words every service page shares (servicesPage.servicePage). */
    labels: z.object({ eyebrow: text, includedTitle: text, caseLabel: text, casesLink: ctaSchema, faqTitle: text }),
  }),
)

export type ServicePage = z.infer<typeof servicePageSchema>

/** A card of the /casos grid. */
export const caseCardSchema = z.object({
  _id: text,
  title: text,
  slug: text,
  sector: text,
  challenge: text,
  solution: text,
  results: text,
  figures: z.array(stat),
  clickable: z.boolean(),
  order: z.number(),
})
export type CaseCardData = z.infer<typeof caseCardSchema>

/** A case's own page (/casos/:key): the card and its story. */
export const caseStudySchema = conforms<Q.CaseStudyByKeyQueryResult>()(
  caseCardSchema.extend({
    client: text,
    summary: text,
    period: nullish(text),
    presentation: nullish(z.enum(['dialog', 'fullscreen'])),
    body: nullish(richTextSchema),
    seo: nullish(seoSchema),
  }),
)

export type CaseStudy = z.infer<typeof caseStudySchema>

export const casesPageSchema = conforms<Q.CasesPageQueryResult>()(
  z.object({
    page: z.object({
      seo: seoSchema,
      hero: pageHero,
      listTitle: text,
      card: z.object({ challengeLabel: text, solutionLabel: text, resultsLabel: text, openLabel: text }),
      caseEnding: z.object({ title: text, primaryCta: ctaSchema, secondaryCta: ctaSchema, backLink: ctaSchema, closeLabel: text }),
      testimonialsTitle: text,
      testimonials: referenced(testimonialSchema),
      finalCta,
    }),
    cases: z.array(caseCardSchema),
  }),
)

export type CasesPage = z.infer<typeof casesPageSchema>

export const contactPageSchema = conforms<Q.ContactPageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: pageHero,
    formTitle: text,
    info: z.object({ title: text, emailLabel: text, phoneLabel: text, hoursLabel: text }),
    chat: z.object({ title: text, whatsappLabel: text }),
    faqTitle: text,
    faqs: z.array(faqSchema),
  }),
)
export type ContactPage = z.infer<typeof contactPageSchema>

/** The text an article's reading time is counted from: each body item's words, whatever its kind. */
const readingTextSchema = z.preprocess(
  (value) => value ?? [],
  z.array(
    z.discriminatedUnion('_type', [
      z.object({ _type: z.literal('block'), children: nullish(z.array(z.object({ text: nullish(z.string()) }))) }),
      z.object({ _type: z.literal('callout'), text: nullish(z.string()) }),
      z.object({ _type: z.literal('figureTable'), rows: nullish(z.array(z.object({ cells: z.array(z.string()) }))) }),
      z.object({ _type: z.literal('image') }),
    ]),
  ),
)
export type ReadingText = z.infer<typeof readingTextSchema>

const stringList = z.preprocess((value) => value ?? [], z.array(text))

/** An article as its card shows it (the listing, the featured card). */
const articleCardSchema = z.object({
  _id: text,
  title: text,
  slug: text,
  description: text,
  publishDate: z.iso.date(),
  modifiedDate: nullish(z.iso.date()),
  category: z.object({ title: text, slug: text }),
  coverImage: imageSchema,
  readingTime: nullish(z.number().int().positive()),
  readingText: readingTextSchema,
})
export type ArticleCardData = z.infer<typeof articleCardSchema>

export const blogListingSchema = conforms<Q.BlogListingQueryResult>()(
  z.object({
    page: z.object({
      seo: seoSchema,
      hero: pageHero,
      newsletter: z.object({ title: text, text }),
      listing: z.object({
        searchLabel: text,
        searchPlaceholder: text,
        searchButton: text,
        categoriesLabel: text,
        allLabel: text,
        featuredLabel: text,
        featuredCta: text,
        readMore: text,
        resultsTitle: text,
        emptyTitle: text,
        emptyText: text,
        clearFilters: text,
        paginationLabel: text,
        previousPage: text,
        nextPage: text,
      }),
      readingTimeLabel: text,
    }),
    articles: z.array(articleCardSchema.extend({ keywords: stringList, tags: stringList, authorName: nullish(text), noIndex: nullish(z.boolean()) })),
    categories: z.array(z.object({ title: text, slug: text, chipLabel: nullish(text), chipOrder: nullish(z.number()) })),
  }),
)
export type BlogListing = z.infer<typeof blogListingSchema>
export type ListedArticle = BlogListing['articles'][number]

const articleLink = z.object({ title: text, slug: text })

export const articlePageSchema = conforms<Q.ArticleBySlugQueryResult>()(
  articleCardSchema.extend({
    status: z.enum(['published', 'inDevelopment']),
    keywords: stringList,
    tags: stringList,
    stickyToc: nullish(z.boolean()),
    author: z.object({ name: text, role: text, initials: text, image: nullish(imageSchema) }),
    coverCaption: nullish(text),
    body: z.preprocess((value) => value ?? [], richTextSchema),
    faq: z.preprocess((value) => value ?? [], z.array(keyed({ question: text, answer: text }))),
    cta: finalCta,
    related: z.preprocess((value) => value ?? [], referenced(z.object({ _id: text, title: text, slug: text, publishDate: z.iso.date(), category: text }))),
    previous: nullish(articleLink),
    next: nullish(articleLink),
    seo: nullish(seoSchema),
    labels: z.object({
      tocTitle: text,
      readingTimeLabel: text,
      faqTitle: text,
      relatedTitle: text,
      previousLabel: text,
      nextLabel: text,
      shareTitle: text,
      inDevelopmentTitle: text,
      inDevelopmentText: text,
      backToBlog: text,
    }),
    blogTitle: text,
    published: z.array(z.object({ _id: text, title: text, slug: text, publishDate: z.iso.date(), category: text, categorySlug: text })),
  }),
)
export type ArticlePage = z.infer<typeof articlePageSchema>

const bandAdviceSchema = z.object({ message: text, tips: z.array(text) })

export const calculatorPageSchema = conforms<Q.CalculatorPageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: pageHero,
    leadForm: z.object({ title: text, text }),
    metrics: z.array(z.object({ metricType: z.enum(METRIC_TYPES), good: bandAdviceSchema, average: bandAdviceSchema, poor: bandAdviceSchema })),
  }),
)
export type CalculatorPage = z.infer<typeof calculatorPageSchema>

const levelsSchema = z.object({ low: text, medium: text, high: text })

export const presenceTestPageSchema = conforms<Q.PresenceTestPageQueryResult>()(
  z.object({
    seo: seoSchema,
    hero: pageHero,
    questions: z.array(
      z.object({
        id: text,
        category: z.enum(CATEGORY_IDS),
        text,
        options: z.array(z.object({ label: text, value: z.number().int().min(0).max(4) })),
      }),
    ),
    advice: z.array(levelsSchema.extend({ category: z.enum(CATEGORY_IDS) })),
    closing: levelsSchema,
    results: z.object({ teaserTitle: text, formText: text, fullTitle: text, chartTitle: text, adviceTitle: text, missing: text, restartLabel: text }),
  }),
)
export type PresenceTestPage = z.infer<typeof presenceTestPageSchema>

export const briefingPageSchema = conforms<Q.BriefingPageQueryResult>()(z.object({ seo: seoSchema, hero: pageHero, replyNote: text }))
export type BriefingPage = z.infer<typeof briefingPageSchema>

export const legalPageSchema = conforms<Q.LegalPageBySlugQueryResult>()(
  z.object({
    title: text,
    slug: text,
    updatedAt: text,
    intro: text,
    body: richTextSchema,
    seo: seoSchema,
  }),
)

export type LegalPage = z.infer<typeof legalPageSchema>

export const sitemapContentSchema = conforms<Q.SitemapQueryResult>()(
  z.object({
    services: z.array(z.object({ slug: text, _updatedAt: nullish(z.string()) })),
    cases: z.array(z.object({ slug: text, _updatedAt: nullish(z.string()) })),
    legal: z.array(z.object({ slug: text, updatedAt: nullish(z.string()) })),
    articles: z.array(z.object({ slug: text, publishDate: z.iso.date(), modifiedDate: nullish(z.iso.date()) })),
  }),
)

const timeOfDay = z.string().regex(TIME_OF_DAY, { message: TIME_OF_DAY_MESSAGE })
const weekdayHours = keyed({
  weekday: z.enum(WEEKDAYS.map(({ value }) => value) as [Weekday, ...Weekday[]]),
  intervals: z
    .array(keyed({ start: timeOfDay, end: timeOfDay }))
    .min(1)
    .superRefine((intervals, context) => {
      for (const message of intervalProblems(intervals)) context.addIssue({ code: 'custom', message })
    }),
})

/** A specialist who takes the session: the bookings name them by `key`; a video call needs its link. */
const specialistSchema = keyed({
  key: text.regex(SPECIALIST_KEY, { message: SPECIALIST_KEY_MESSAGE }),
  name: text,
  photo: imageSchema,
  weeklyHours: z.array(weekdayHours).refine((days) => new Set(days.map((day) => day.weekday)).size === days.length, { message: 'dia da semana repetido' }),
  meetingMode: z.enum(MEETING_MODES.map(({ value }) => value) as [MeetingMode, ...MeetingMode[]]),
  meetingUrl: nullish(z.url({ protocol: /^https$/ })),
  // Who gets the session's invitation besides the sales address (never shown on the site).
  email: nullish(z.email()),
  // The specialist's calendar on the CalDAV server (CALDAV_URL), when the agency connected one.
  calendarUrl: nullish(z.url({ protocol: /^https?$/ })),
}).refine((specialist) => specialist.meetingMode !== 'videoCall' || specialist.meetingUrl !== undefined, {
  message: 'reunião por vídeo sem link',
  path: ['meetingUrl'],
})
export type Specialist = z.infer<typeof specialistSchema>

/** The free strategy session's availability (ADR 055); app/booking/slots.ts turns it into free slots. */
export const schedulingSettingsSchema = conforms<Q.SchedulingSettingsQueryResult>()(
  z.object({
    meetingMinutes: z.number().int().min(10).max(240),
    bufferMinutes: z.number().int().min(0).max(120),
    minimumNoticeHours: z.number().int().min(0).max(168),
    horizonDays: z.number().int().min(1).max(90),
    /** None is an empty list (GROQ answers null for an array nobody filled). */
    blockedDates: z.preprocess((value) => value ?? [], z.array(keyed({ date: z.iso.date(), label: nullish(text) }))),
    specialists: z
      .array(specialistSchema)
      .min(1)
      .refine((people) => new Set(people.map((person) => person.key)).size === people.length, { message: 'identificador de especialista repetido' }),
  }),
)
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>
