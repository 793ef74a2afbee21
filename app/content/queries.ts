import { defineQuery } from 'groq'

/**
 * Every GROQ query the site runs. The same text runs against Sanity and, with
 * no project configured, against the seed dataset through groq-js. Results are
 * parsed by the zod schemas in ./schemas.ts. Projections are explicit (no
 * `...`): a page receives exactly the fields it renders.
 *
 * Shared fragments keep the shape of the repeated objects in one place:
 * `imageFragment` (asset reference, CDN URL in Sanity mode, crop, hotspot, alt),
 * `seoFragment` and `ctaFragment`.
 */

/** An image: `ref` names the file (seed) or the asset (Sanity); ./image.tsx turns it into src/srcSet. */
export const imageFragment = /* groq */ `{ "ref": asset._ref, "url": asset->url, crop, hotspot, alt }`
export const ctaFragment = /* groq */ `{ label, href }`
export const seoFragment = /* groq */ `"seo": seo{ title, description, noIndex, "image": image${imageFragment} }`

const keyedTitledItems = /* groq */ `{ _key, title, description }`
const figures = /* groq */ `{ _key, value, label, description }`
const finalCta = /* groq */ `{ title, text, "button": button${ctaFragment} }`
const testimonial = /* groq */ `{ _id, name, role, company, content, rating, initials, "avatar": avatar${imageFragment} }`
const serviceCard = /* groq */ `_id, title, "slug": slug.current, tagline, description, features, caseStudy{ title, text }, "cta": cta${ctaFragment}, "secondaryCta": secondaryCta${ctaFragment}, variant, order, "backgroundImage": backgroundImage${imageFragment}, "hasPage": defined(page)`
/** What a card of the /casos grid shows; the case's own page adds its story (`caseStudy`). */
const caseCard = /* groq */ `_id, title, "slug": slug.current, sector, challenge, solution, results, figures[]{ _key, value, label }, clickable, order`
const caseStudy = /* groq */ `${caseCard}, client, summary, period, presentation, body, ${seoFragment}`

export const siteSettingsQuery = defineQuery(
  `*[_type == "siteSettings" && _id == "siteSettings"][0]{ brand, defaultTitle, description, blurb, email, phone{ display, e164 }, whatsapp{ number, text }, social[]{ _key, network, url }, legal{ companyName, cnpj }, businessHours[]{ _key, days, hours }, heroStats[]{ _key, value, label }, "services": *[_type == "service" && defined(page)] | order(order asc, _id asc){ title, "slug": slug.current } }`,
)

export const homePageQuery = defineQuery(
  `*[_type == "homePage" && _id == "homePage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle, "primaryCta": primaryCta${ctaFragment}, "secondaryCta": secondaryCta${ctaFragment} },
    audience{ eyebrow, title, intro, "profiles": profiles[]${keyedTitledItems} },
    approach{ eyebrow, title, intro, "steps": steps[]${keyedTitledItems} },
    results{ eyebrow, title, intro, "items": items[]${figures}, "cta": cta${ctaFragment} },
    salesServices{ eyebrow, title, intro, "cta": cta${ctaFragment}, "cards": cards[]{ _key, title, description, icon } },
    comparison{ eyebrow, title, intro, othersLabel, usLabel, "rows": rows[]{ _key, topic, others, us } },
    testimonials{ title, subtitle, "items": items[]->${testimonial} },
    ratingBadge{ caption, "image": image${imageFragment} },
    contact{ eyebrow, title, text, promise }
  }`,
)

export const aboutPageQuery = defineQuery(
  `*[_type == "aboutPage" && _id == "aboutPage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle },
    whyUs{ title, intro, "items": items[]${keyedTitledItems} },
    story{ title, body },
    "resultTeasers": resultTeasers[]${figures},
    "resultsCta": resultsCta${ctaFragment},
    mission{ title, text },
    vision{ title, text },
    valuesHeading{ eyebrow, title },
    "values": values[]${keyedTitledItems},
    teamHeading{ eyebrow, title, aiAgentLabel },
    "team": team[]{ _key, name, role, bio, initials, isAiAgent, "photo": photo${imageFragment} },
    cta${finalCta}
  }`,
)

export const servicesPageQuery = defineQuery(
  `*[_type == "servicesPage" && _id == "servicesPage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle, "primaryCta": primaryCta${ctaFragment}, "presentationCta": presentationCta${ctaFragment} },
    "metrics": metrics[]{ _key, label, value, decimals, prefix, suffix },
    overview{ eyebrow, title, intro, "steps": steps[]${keyedTitledItems} },
    servicesTitle,
    servicesIntro,
    "services": services[]->{ ${serviceCard} },
    testimonialsTitle,
    "testimonials": testimonials[]->${testimonial},
    presenceTest${finalCta},
    finalCta${finalCta}
  }`,
)

/** A service with its own page (/servicos/:slug), its FAQ dereferenced. */
export const serviceBySlugQuery = defineQuery(
  `*[_type == "service" && slug.current == $slug && defined(page)][0]{ ${serviceCard}, ${seoFragment}, page{ intro, body, "faq": faq[]->{ _id, question, answer }, finalCta${finalCta} }, "labels": *[_type == "servicesPage" && _id == "servicesPage"][0].servicePage{ eyebrow, includedTitle, caseLabel, "casesLink": casesLink${ctaFragment}, faqTitle } }`,
)

/** The /casos page and every case, in the editors' order. */
export const casesPageQuery = defineQuery(
  `{
    "page": *[_type == "casesPage" && _id == "casesPage"][0]{
      ${seoFragment},
      hero{ eyebrow, title, subtitle },
      listTitle,
      card{ challengeLabel, solutionLabel, resultsLabel, openLabel },
      caseEnding{ title, "primaryCta": primaryCta${ctaFragment}, "secondaryCta": secondaryCta${ctaFragment}, "backLink": backLink${ctaFragment}, closeLabel },
      testimonialsTitle,
      "testimonials": testimonials[]->${testimonial},
      finalCta${finalCta}
    },
    "cases": *[_type == "caseStudy"] | order(order asc, _id asc){ ${caseCard} }
  }`,
)

/** One clickable case by its key (/casos/:key). */
export const caseStudyByKeyQuery = defineQuery(`*[_type == "caseStudy" && slug.current == $key && clickable == true][0]{ ${caseStudy} }`)

export const contactPageQuery = defineQuery(
  `*[_type == "contactPage" && _id == "contactPage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle },
    formTitle,
    info{ title, emailLabel, phoneLabel, hoursLabel },
    chat{ title, whatsappLabel },
    faqTitle,
    "faqs": *[_type == "faqItem" && topic == "contato"] | order(_id asc){ _id, question, answer }
  }`,
)

/** What an article's card needs, and the text its reading time is counted from (./blog/reading-time.ts). */
const articleCard = /* groq */ `_id, title, "slug": slug.current, description, publishDate, modifiedDate, "category": category->{ title, "slug": slug.current }, "coverImage": coverImage${imageFragment}, readingTime, "readingText": body[]{ _type, _type == "block" => { "children": children[]{ text } }, _type == "callout" => { text }, _type == "figureTable" => { "rows": rows[]{ cells } } }`

/** /blog: the page's words, every published article (newest first) and the categories for the filter chips. */
export const blogListingQuery = defineQuery(
  `{
    "page": *[_type == "blogPage" && _id == "blogPage"][0]{
      ${seoFragment},
      hero{ eyebrow, title, subtitle },
      newsletter{ title, text },
      listing{ searchLabel, searchPlaceholder, searchButton, categoriesLabel, allLabel, featuredLabel, featuredCta, readMore, resultsTitle, emptyTitle, emptyText, clearFilters, paginationLabel, previousPage, nextPage },
      "readingTimeLabel": article.readingTimeLabel
    },
    "articles": *[_type == "article" && status == "published"] | order(publishDate desc, _id asc){ ${articleCard}, keywords, tags, "authorName": author->name, "noIndex": seo.noIndex },
    "categories": *[_type == "category"] | order(coalesce(chipOrder, 1000) asc, title asc){ title, "slug": slug.current, chipLabel, chipOrder }
  }`,
)

/** One article (/blog/:slug), with its author, related and neighbour articles and the words every article page shares. */
export const articleBySlugQuery = defineQuery(
  `*[_type == "article" && slug.current == $slug][0]{
    ${articleCard},
    status,
    keywords,
    tags,
    stickyToc,
    "author": author->{ name, role, initials, "image": image${imageFragment} },
    "coverCaption": coverImage.caption,
    "body": body[]{ ..., _type == "image" => { "ref": asset._ref, "url": asset->url, crop, hotspot, alt, caption } },
    "faq": faq[]{ _key, question, answer },
    cta${finalCta},
    "related": related[]->{ _id, title, "slug": slug.current, publishDate, "category": category->title },
    "previous": previous->{ title, "slug": slug.current },
    "next": next->{ title, "slug": slug.current },
    ${seoFragment},
    "labels": *[_type == "blogPage" && _id == "blogPage"][0].article{ tocTitle, readingTimeLabel, faqTitle, relatedTitle, previousLabel, nextLabel, shareTitle, inDevelopmentTitle, inDevelopmentText, backToBlog },
    "blogTitle": *[_type == "blogPage" && _id == "blogPage"][0].hero.eyebrow,
    "published": *[_type == "article" && status == "published"] | order(publishDate desc, _id asc){ _id, title, "slug": slug.current, publishDate, "category": category->title, "categorySlug": category->slug.current }
  }`,
)

const bandAdvice = /* groq */ `{ message, tips }`

/** /ferramentas/calculadora: the page's words and each metric's interpretation and tips by band. */
export const calculatorPageQuery = defineQuery(
  `*[_type == "calculatorPage" && _id == "calculatorPage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle },
    leadForm{ title, text },
    "metrics": metrics[]{ metricType, "good": good${bandAdvice}, "average": average${bandAdvice}, "poor": poor${bandAdvice} }
  }`,
)

/** /ferramentas/teste-presenca-digital and its results: the questions in order, the advice and the results page's words. */
export const presenceTestPageQuery = defineQuery(
  `*[_type == "presenceTestPage" && _id == "presenceTestPage"][0]{
    ${seoFragment},
    hero{ eyebrow, title, subtitle },
    "questions": questions[]{ id, category, text, "options": options[]{ label, value } },
    "advice": advice[]{ category, low, medium, high },
    closing{ low, medium, high },
    results{ teaserTitle, formText, fullTitle, chartTitle, adviceTitle, missing, restartLabel }
  }`,
)

/** /criar-agente: the page's words. */
export const briefingPageQuery = defineQuery(
  `*[_type == "briefingPage" && _id == "briefingPage"][0]{ ${seoFragment}, hero{ eyebrow, title, subtitle }, replyNote }`,
)

export const legalPageBySlugQuery = defineQuery(
  `*[_type == "legalPage" && slug.current == $slug][0]{ title, "slug": slug.current, updatedAt, intro, body, ${seoFragment} }`,
)

/** Paths of the pages that come from content, for /sitemap.xml. */
export const sitemapQuery = defineQuery(
  `{
    "services": *[_type == "service" && defined(page)] | order(order asc){ "slug": slug.current, _updatedAt },
    "cases": *[_type == "caseStudy" && clickable == true] | order(order asc){ "slug": slug.current, _updatedAt },
    "legal": *[_type == "legalPage"] | order(slug.current asc){ "slug": slug.current, updatedAt },
    "articles": *[_type == "article" && status == "published" && seo.noIndex != true] | order(publishDate desc, _id asc){ "slug": slug.current, publishDate, modifiedDate }
  }`,
)

/** The free strategy session's availability (ADR 055): the rules of the grid and each specialist's weekly hours, all on Brasília's clock. */
export const schedulingSettingsQuery = defineQuery(
  `*[_type == "schedulingSettings" && _id == "schedulingSettings"][0]{
    meetingMinutes,
    bufferMinutes,
    minimumNoticeHours,
    horizonDays,
    "blockedDates": blockedDates[]{ _key, date, label },
    "specialists": specialists[]{ _key, key, name, "photo": photo${imageFragment}, "weeklyHours": weeklyHours[]{ _key, weekday, "intervals": intervals[]{ _key, start, end } }, meetingMode, meetingUrl, email, calendarUrl }
  }`,
)
