import type { StructureResolver } from 'sanity/structure'
import { SINGLETON_TYPES } from '../schemaTypes'

const singletonTitles: Record<(typeof SINGLETON_TYPES)[number], string> = {
  siteSettings: 'Configurações do site',
  homePage: 'Página inicial',
  aboutPage: 'Sobre Nós',
  servicesPage: 'Serviços (página)',
  casesPage: 'Cases (página)',
  contactPage: 'Contato (página)',
  blogPage: 'Blog (página)',
  calculatorPage: 'Calculadora de métricas',
  presenceTestPage: 'Teste de Presença Digital',
  briefingPage: 'Criar Agente (briefing)',
  schedulingSettings: 'Agenda da sessão estratégica',
}

/** The desk: the one-of-a-kind pages pinned at the top, then the lists. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Conteúdo')
    .items([
      ...SINGLETON_TYPES.map((type) => S.listItem().title(singletonTitles[type]).id(type).child(S.document().schemaType(type).documentId(type))),
      S.divider(),
      S.documentTypeListItem('service').title('Serviços'),
      S.documentTypeListItem('caseStudy').title('Cases de sucesso'),
      S.documentTypeListItem('testimonial').title('Depoimentos'),
      S.documentTypeListItem('faqItem').title('Perguntas frequentes'),
      S.documentTypeListItem('legalPage').title('Páginas legais'),
      S.divider(),
      S.documentTypeListItem('article').title('Artigos do blog'),
      S.documentTypeListItem('author').title('Autores'),
      S.documentTypeListItem('category').title('Categorias'),
    ])
