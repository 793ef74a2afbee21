import { defineDocuments, defineLocations, presentationTool, type DocumentLocation } from 'sanity/presentation'
import { PREVIEW_ENABLE_PATH } from '../app/content/preview-paths'

/**
 * The Presentation tool (ADR 037): the site in a frame beside the document,
 * showing drafts as the editor types, each text a link to its field.
 *
 * - `locations`: for a document, the pages that show it (the list above the
 *   form, "Used on N pages"), so an editor can open any of them from there.
 * - `mainDocuments`: for a page open in the frame, the document to edit.
 *
 * The frame is the site itself, at the same origin as this Studio; it turns
 * preview on through PREVIEW_ENABLE_PATH (app/content/preview.server.ts).
 */

const page = (title: string, href: string): DocumentLocation => ({ title, href })

/** The pages every document of a singleton type shows on. */
const singletonPages: Record<string, DocumentLocation[]> = {
  homePage: [page('Página inicial', '/')],
  aboutPage: [page('Sobre Nós', '/sobre')],
  servicesPage: [page('Serviços', '/servicos')],
  casesPage: [page('Cases', '/casos')],
  contactPage: [page('Contato', '/contato')],
  blogPage: [page('Blog', '/blog')],
  calculatorPage: [page('Calculadora de métricas', '/ferramentas/calculadora')],
  presenceTestPage: [page('Teste de presença digital', '/ferramentas/teste-presenca-digital')],
  briefingPage: [page('Criar agente de IA', '/criar-agente')],
  // The header, the footer and the default metadata: on every page.
  siteSettings: [page('Página inicial', '/'), page('Contato', '/contato'), page('Sobre Nós', '/sobre'), page('Blog', '/blog')],
}

const locations = {
  ...Object.fromEntries(Object.entries(singletonPages).map(([type, pages]) => [type, { locations: pages }])),
  service: defineLocations({
    select: { title: 'title', slug: 'slug.current', hasPage: 'page.intro' },
    resolve: (doc) => ({
      locations: [...(doc?.hasPage && doc.slug ? [page(doc.title ?? 'Serviço', `/servicos/${doc.slug}`)] : []), page('Serviços', '/servicos')],
    }),
  }),
  caseStudy: defineLocations({
    select: { title: 'title', slug: 'slug.current', clickable: 'clickable' },
    resolve: (doc) => ({
      locations: [...(doc?.clickable && doc.slug ? [page(doc.title ?? 'Case', `/casos/${doc.slug}`)] : []), page('Cases', '/casos')],
    }),
  }),
  article: defineLocations({
    select: { title: 'title', slug: 'slug.current' },
    resolve: (doc) => ({ locations: [...(doc?.slug ? [page(doc.title ?? 'Artigo', `/blog/${doc.slug}`)] : []), page('Blog', '/blog')] }),
  }),
  legalPage: defineLocations({
    select: { title: 'title', slug: 'slug.current' },
    resolve: (doc) => ({ locations: doc?.slug ? [page(doc.title ?? 'Página legal', `/${doc.slug}`)] : [] }),
  }),
  testimonial: { locations: [page('Página inicial', '/'), page('Serviços', '/servicos'), page('Cases', '/casos')] },
  faqItem: { locations: [page('Contato', '/contato'), page('Serviços', '/servicos')] },
  category: { locations: [page('Blog', '/blog')] },
  author: { locations: [page('Blog', '/blog')] },
}

/** The document a page is about, by its route (the tools' result page is the presence test's). */
const mainDocuments = defineDocuments([
  { route: '/', filter: `_type == "homePage" && _id == "homePage"` },
  { route: '/sobre', filter: `_type == "aboutPage" && _id == "aboutPage"` },
  { route: '/servicos', filter: `_type == "servicesPage" && _id == "servicesPage"` },
  { route: '/servicos/:slug', filter: `_type == "service" && slug.current == $slug` },
  { route: '/casos', filter: `_type == "casesPage" && _id == "casesPage"` },
  { route: '/casos/:slug', filter: `_type == "caseStudy" && slug.current == $slug` },
  { route: '/contato', filter: `_type == "contactPage" && _id == "contactPage"` },
  { route: '/blog', filter: `_type == "blogPage" && _id == "blogPage"` },
  { route: '/blog/:slug', filter: `_type == "article" && slug.current == $slug` },
  { route: '/ferramentas/calculadora', filter: `_type == "calculatorPage" && _id == "calculatorPage"` },
  { route: '/ferramentas/teste-presenca-digital', filter: `_type == "presenceTestPage" && _id == "presenceTestPage"` },
  { route: '/ferramentas/resultados-teste', filter: `_type == "presenceTestPage" && _id == "presenceTestPage"` },
  { route: '/criar-agente', filter: `_type == "briefingPage" && _id == "briefingPage"` },
  { route: '/politica-privacidade', filter: `_type == "legalPage" && slug.current == "politica-privacidade"` },
  { route: '/termos-uso', filter: `_type == "legalPage" && slug.current == "termos-uso"` },
])

export const sitePresentationTool = () =>
  presentationTool({
    title: 'Pré-visualização',
    resolve: { locations, mainDocuments },
    previewUrl: {
      initial: '/',
      // Editors may turn on a share link for people outside the Studio (off until someone does).
      previewMode: { enable: PREVIEW_ENABLE_PATH, shareAccess: true },
    },
  })
