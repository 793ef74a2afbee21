import { defineQuery } from 'groq'

/**
 * Every GROQ query the site runs. The same text runs against Sanity and, with
 * no project configured, against the seed dataset through groq-js. Results are
 * parsed by the zod schemas in ./schemas.ts.
 */

const image = /* groq */ `{ "ref": asset._ref, "url": asset->url, "width": asset->metadata.dimensions.width, "height": asset->metadata.dimensions.height, alt }`
const seo = /* groq */ `"seo": seo{ title, description, noIndex, "image": image${image} }`
const testimonial = /* groq */ `{ _id, name, role, company, content, rating, initials, "avatar": avatar${image} }`
const serviceCard = /* groq */ `_id, title, "slug": slug.current, tagline, description, features, caseStudy, cta, secondaryCta, variant, order, "backgroundImage": backgroundImage${image}, "hasPage": defined(page)`
const caseStudy = /* groq */ `_id, title, "slug": slug.current, client, sector, summary, challenge, solution, results, figures, period, clickable, presentation, body, order, ${seo}`

export const siteSettingsQuery = defineQuery(`*[_type == "siteSettings"][0]`)

export const homePageQuery = defineQuery(
  `*[_type == "homePage"][0]{ ..., ${seo}, testimonials{ title, subtitle, "items": items[]->${testimonial} }, ratingBadge{ caption, "image": image${image} } }`,
)

export const aboutPageQuery = defineQuery(`*[_type == "aboutPage"][0]{ ..., ${seo} }`)

export const servicesPageQuery = defineQuery(
  `*[_type == "servicesPage"][0]{ ..., ${seo}, "services": services[]->{ ${serviceCard} }, "testimonials": testimonials[]->${testimonial} }`,
)

export const serviceBySlugQuery = defineQuery(
  `*[_type == "service" && slug.current == $slug && defined(page)][0]{ ${serviceCard}, ${seo}, page{ intro, body, "faq": faq[]->{ _id, question, answer } } }`,
)

export const casesPageQuery = defineQuery(
  `{ "page": *[_type == "casesPage"][0]{ ..., ${seo}, "testimonials": testimonials[]->${testimonial} }, "cases": *[_type == "caseStudy"] | order(order asc){ ${caseStudy} } }`,
)

export const caseBySlugQuery = defineQuery(`*[_type == "caseStudy" && slug.current == $slug && clickable][0]{ ${caseStudy} }`)

export const legalPageQuery = defineQuery(
  `*[_type == "legalPage" && slug.current == $slug][0]{ title, "slug": slug.current, updatedAt, intro, body, ${seo} }`,
)

export const faqByTopicQuery = defineQuery(`*[_type == "faqItem" && topic == $topic] | order(_id asc){ _id, question, answer }`)

/** Paths of the pages that come from content, for /sitemap.xml. */
export const sitemapQuery = defineQuery(
  `{ "services": *[_type == "service" && defined(page)]{ "slug": slug.current, _updatedAt }, "cases": *[_type == "caseStudy" && clickable]{ "slug": slug.current, _updatedAt }, "legal": *[_type == "legalPage"]{ "slug": slug.current, updatedAt } }`,
)
