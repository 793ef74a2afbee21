import { article, articleBody, callout } from './blog'
import { author, caseStudy, category, faqItem, legalPage, service, testimonial } from './collections'
import { cta, figureTable, richText, seo } from './objects'
import { schedulingSettings } from './scheduling'
import { aboutPage, blogPage, casesPage, contactPage, homePage, servicesPage, siteSettings } from './singletons'
import { briefingPage, calculatorPage, presenceTestPage } from './tools'

export { SINGLETON_TYPES } from './singletons'

/** Every type of the content model (docs/content-model.md). */
export const schemaTypes = [
  // objects
  seo,
  cta,
  figureTable,
  richText,
  callout,
  articleBody,
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
  schedulingSettings,
  // collections
  service,
  testimonial,
  caseStudy,
  legalPage,
  faqItem,
  author,
  category,
  article,
]
