import { author, caseStudy, category, faqItem, legalPage, service, testimonial } from './collections'
import { cta, figureTable, richText, seo } from './objects'
import { aboutPage, blogPage, casesPage, contactPage, homePage, servicesPage, siteSettings } from './singletons'
import { briefingPage, calculatorPage, presenceTestPage } from './tools'

export { SINGLETON_TYPES } from './singletons'

/** Every type of the content model (docs/content-model.md). Articles come with the blog issue. */
export const schemaTypes = [
  // objects
  seo,
  cta,
  figureTable,
  richText,
  // singletons
  siteSettings,
  homePage,
  aboutPage,
  servicesPage,
  casesPage,
  contactPage,
  blogPage,
  calculatorPage,
  presenceTestPage,
  briefingPage,
  // collections
  service,
  testimonial,
  caseStudy,
  legalPage,
  faqItem,
  author,
  category,
]
