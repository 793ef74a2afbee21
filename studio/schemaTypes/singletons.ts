import { defineArrayMember, defineField, defineType } from 'sanity'
import { BRAND_TAGLINE_MESSAGE, hasBrandTagline, WHATSAPP_NUMBER_MESSAGE, whatsappNumber } from '../../app/content/rules'
import {
  ctaField,
  exactly,
  finalCtaField,
  figureItems,
  imageField,
  pageHero,
  referenceList,
  requiredString,
  requiredText,
  section,
  sectionHeading,
  seoField,
  titledItems,
  seoGroups,
} from './fields'

/** The documents that exist once each; the desk structure pins them (structure/index.ts). */
export const SINGLETON_TYPES = [
  'siteSettings',
  'homePage',
  'aboutPage',
  'servicesPage',
  'casesPage',
  'contactPage',
  'blogPage',
  'calculatorPage',
  'presenceTestPage',
  'briefingPage',
  'schedulingSettings',
] as const

const finalCta = (name = 'finalCta', title = 'Chamada final') => finalCtaField(name, title, { group: 'content' })

/** A heading with no opening text (values, team). */
const shortHeading = (name: string, title: string, extra: ReturnType<typeof defineField>[] = []) =>
  section(name, title, [...sectionHeading({ intro: false }), ...extra])

export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Configurações do site',
  type: 'document',
  fields: [
    requiredString('brand', 'Marca'),
    defineField({
      name: 'defaultTitle',
      title: 'Título padrão',
      type: 'string',
      validation: (rule) => rule.required().custom((value) => (hasBrandTagline(value) ? true : BRAND_TAGLINE_MESSAGE)),
    }),
    requiredText('description', 'Descrição padrão', { max: 160 }),
    requiredText('blurb', 'Texto do rodapé', { rows: 2 }),
    defineField({ name: 'email', title: 'E-mail', type: 'email', validation: (rule) => rule.required() }),
    defineField({
      name: 'phone',
      title: 'Telefone',
      type: 'object',
      fields: [
        requiredString('display', 'Como aparece, ex.: (11) 99876-5432'),
        defineField({
          name: 'e164',
          title: 'Formato internacional, ex.: +5511998765432',
          type: 'string',
          validation: (rule) => rule.required().regex(/^\+55\d{10,11}$/, { name: 'telefone +55' }),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'whatsapp',
      title: 'WhatsApp',
      type: 'object',
      fields: [
        defineField({
          name: 'number',
          title: 'Número com 55 e DDD, ex.: 5511998765432',
          type: 'string',
          validation: (rule) => rule.required().custom((value) => (value === undefined || whatsappNumber(value) ? true : WHATSAPP_NUMBER_MESSAGE)),
        }),
        requiredText('text', 'Mensagem já escrita', { rows: 2 }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'social',
      title: 'Redes sociais',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'socialProfile',
          fields: [
            defineField({
              name: 'network',
              title: 'Rede',
              type: 'string',
              options: { list: ['instagram', 'linkedin', 'x'] },
              validation: (rule) => rule.required(),
            }),
            defineField({ name: 'url', title: 'Endereço', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https'] }) }),
          ],
          preview: { select: { title: 'network', subtitle: 'url' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'legal',
      title: 'Dados da empresa',
      type: 'object',
      fields: [
        requiredString('companyName', 'Razão social'),
        defineField({
          name: 'cnpj',
          title: 'CNPJ',
          type: 'string',
          validation: (rule) => rule.required().regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, { name: 'CNPJ 00.000.000/0000-00' }),
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'businessHours',
      title: 'Horário de atendimento',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'hours',
          fields: [requiredString('days', 'Dias'), requiredString('hours', 'Horário')],
          preview: { select: { title: 'days', subtitle: 'hours' } },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    figureItems('heroStats', 'Números do topo da home', [3, 3]),
  ],
  preview: { prepare: () => ({ title: 'Configurações do site' }) },
})

export const homePage = defineType({
  name: 'homePage',
  title: 'Página inicial',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero([ctaField('primaryCta', 'Botão principal'), ctaField('secondaryCta', 'Botão secundário')]),
    section('audience', 'Para quem é', [...sectionHeading(), titledItems('profiles', 'Perfis', 4)]),
    section('approach', 'Como trabalhamos', [...sectionHeading(), titledItems('steps', 'Etapas', 4)]),
    section('results', 'Resultados', [...sectionHeading(), figureItems('items', 'Números', [3, 4], true), ctaField('cta', 'Botão para os cases')]),
    section('salesServices', 'Como aumentamos suas vendas', [
      ...sectionHeading(),
      ctaField('cta', 'Botão para os serviços'),
      defineField({
        name: 'cards',
        title: 'Cartões',
        type: 'array',
        of: [
          defineArrayMember({
            type: 'object',
            name: 'salesCard',
            fields: [
              requiredString('title', 'Título'),
              requiredText('description', 'Descrição'),
              defineField({
                name: 'icon',
                title: 'Ícone',
                type: 'string',
                options: { list: ['search', 'social', 'site', 'strategy'] },
                validation: (rule) => rule.required(),
              }),
            ],
          }),
        ],
        validation: exactly(4),
      }),
    ]),
    section('comparison', 'Por que nos escolher', [
      ...sectionHeading(),
      requiredString('othersLabel', 'Coluna das outras agências'),
      requiredString('usLabel', 'Nossa coluna'),
      defineField({
        name: 'rows',
        title: 'Linhas',
        type: 'array',
        of: [
          defineArrayMember({
            type: 'object',
            name: 'comparisonRow',
            fields: [requiredString('topic', 'Tema'), requiredText('others', 'Outras agências', { rows: 2 }), requiredText('us', 'Nós', { rows: 2 })],
            preview: { select: { title: 'topic' } },
          }),
        ],
        validation: (rule) => rule.required().min(6).max(8),
      }),
    ]),
    section('testimonials', 'Depoimentos', [
      requiredString('title', 'Título'),
      requiredText('subtitle', 'Subtítulo', { rows: 2 }),
      referenceList('items', 'Depoimentos (10)', 'testimonial', 10),
    ]),
    section('ratingBadge', 'Selo de avaliação', [imageField('image', 'Imagem do selo', { required: true }), requiredString('caption', 'Legenda')]),
    section('contact', 'Seção de contato', [
      defineField({ name: 'eyebrow', title: 'Chamada acima do título', type: 'string' }),
      requiredString('title', 'Título'),
      requiredText('text', 'Texto'),
      requiredText('promise', 'Promessa', { rows: 2 }),
    ]),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Página inicial' }) },
})

export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'Sobre Nós',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    section('whyUs', 'Por que nos escolhem', [...sectionHeading({ eyebrow: false }), titledItems('items', 'Motivos', 4)]),
    section('story', 'Nossa história', [
      requiredString('title', 'Título'),
      defineField({ name: 'body', title: 'Texto', type: 'richText', validation: (rule) => rule.required() }),
    ]),
    figureItems('resultTeasers', 'Resultados em destaque', [3, 3], true),
    ctaField('resultsCta', 'Botão ao lado dos resultados', { group: 'content' }),
    section('mission', 'Missão', [requiredString('title', 'Título'), requiredText('text', 'Texto')]),
    section('vision', 'Visão', [requiredString('title', 'Título'), requiredText('text', 'Texto')]),
    shortHeading('valuesHeading', 'Título dos valores'),
    titledItems('values', 'Valores (7)', 7),
    shortHeading('teamHeading', 'Título da equipe', [requiredString('aiAgentLabel', 'Selo dos agentes de IA')]),
    defineField({
      name: 'team',
      title: 'Equipe (4)',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'teamMember',
          fields: [
            requiredString('name', 'Nome'),
            requiredString('role', 'Função'),
            requiredText('bio', 'Apresentação', { rows: 3 }),
            requiredString('initials', 'Iniciais', { max: 3 }),
            defineField({ name: 'isAiAgent', title: 'É um agente de IA', type: 'boolean', initialValue: false, validation: (rule) => rule.required() }),
            imageField('photo', 'Foto (opcional)'),
          ],
          preview: { select: { title: 'name', subtitle: 'role' } },
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(4)
          .custom((team: { isAiAgent?: boolean }[] | undefined) =>
            (team ?? []).filter((member) => member.isAiAgent).length === 2 ? true : 'A equipe tem quatro pessoas, duas delas agentes de IA',
          ),
    }),
    finalCta('cta', 'Chamada para contato'),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Sobre Nós' }) },
})

export const servicesPage = defineType({
  name: 'servicesPage',
  title: 'Serviços (página)',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero([ctaField('primaryCta', 'Botão principal'), ctaField('presentationCta', 'Botão "Ver Apresentação"')]),
    defineField({
      name: 'metrics',
      title: 'Faixa de números (4)',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'metric',
          fields: [
            requiredString('label', 'Legenda'),
            defineField({ name: 'value', title: 'Valor', type: 'number', validation: (rule) => rule.required().min(0) }),
            defineField({ name: 'decimals', title: 'Casas decimais', type: 'number', initialValue: 0, validation: (rule) => rule.integer().min(0).max(2) }),
            defineField({ name: 'prefix', title: 'Antes do número', type: 'string' }),
            defineField({ name: 'suffix', title: 'Depois do número', type: 'string' }),
          ],
          preview: { select: { title: 'label', subtitle: 'value' } },
        }),
      ],
      validation: exactly(4),
    }),
    section('overview', 'Como trabalhamos (alvo do "Ver Apresentação")', [...sectionHeading(), titledItems('steps', 'Etapas', 4)]),
    requiredString('servicesTitle', 'Título da lista de serviços', { group: 'content' }),
    requiredText('servicesIntro', 'Abertura da lista de serviços', { group: 'content' }),
    { ...referenceList('services', 'Serviços (9, na ordem da página)', 'service', 9), group: 'content' },
    requiredString('testimonialsTitle', 'Título dos depoimentos', { group: 'content' }),
    { ...referenceList('testimonials', 'Depoimentos (3)', 'testimonial', 3), group: 'content' },
    finalCta('presenceTest', 'Convite para o Teste de Presença Digital'),
    finalCta(),
    section('servicePage', 'Textos comuns às páginas de cada serviço', [
      requiredString('eyebrow', 'Chamada acima do título'),
      requiredString('includedTitle', 'Título da lista "incluído"'),
      requiredString('caseLabel', 'Rótulo antes do case do serviço'),
      ctaField('casesLink', 'Link para os cases'),
      requiredString('faqTitle', 'Título das perguntas frequentes'),
    ]),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Serviços (página)' }) },
})

export const casesPage = defineType({
  name: 'casesPage',
  title: 'Cases (página)',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    requiredString('listTitle', 'Título da lista de cases (lido por leitores de tela)', { group: 'content' }),
    section('card', 'Cartão de cada case', [
      requiredString('challengeLabel', 'Rótulo do desafio'),
      requiredString('solutionLabel', 'Rótulo da solução'),
      requiredString('resultsLabel', 'Rótulo dos resultados'),
      requiredString('openLabel', 'Botão que abre o case completo'),
    ]),
    section('caseEnding', 'Fim de cada case completo', [
      requiredString('title', 'Título'),
      ctaField('primaryCta', 'Botão principal'),
      ctaField('secondaryCta', 'Botão secundário'),
      ctaField('backLink', 'Link de volta'),
      requiredString('closeLabel', 'Link que fecha o case (sem JavaScript)'),
    ]),
    requiredString('testimonialsTitle', 'Título dos depoimentos', { group: 'content' }),
    { ...referenceList('testimonials', 'Depoimentos (2)', 'testimonial', 2), group: 'content' },
    finalCta(),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Cases (página)' }) },
})

export const contactPage = defineType({
  name: 'contactPage',
  title: 'Contato (página)',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    requiredString('formTitle', 'Título do formulário', { group: 'content' }),
    section('info', 'Informações de contato', [
      requiredString('title', 'Título'),
      requiredString('emailLabel', 'Rótulo do e-mail'),
      requiredString('phoneLabel', 'Rótulo do telefone'),
      requiredString('hoursLabel', 'Rótulo do horário'),
    ]),
    section('chat', 'Conversa imediata', [requiredString('title', 'Título'), requiredString('whatsappLabel', 'Botão do WhatsApp')]),
    requiredString('faqTitle', 'Título das perguntas frequentes', { group: 'content' }),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Contato (página)' }) },
})

export const blogPage = defineType({
  name: 'blogPage',
  title: 'Blog (página)',
  type: 'document',
  groups: seoGroups,
  fields: [
    pageHero(),
    section('newsletter', 'Convite para a newsletter', [requiredString('title', 'Título'), requiredText('text', 'Texto', { rows: 2 })]),
    section('listing', 'Listagem: busca, filtros e paginação', [
      requiredString('searchLabel', 'Rótulo da busca (lido por leitores de tela)'),
      requiredString('searchPlaceholder', 'Texto dentro da busca'),
      requiredString('searchButton', 'Botão da busca'),
      requiredString('categoriesLabel', 'Rótulo dos filtros (lido por leitores de tela)'),
      requiredString('allLabel', 'Filtro de todas as categorias'),
      requiredString('featuredLabel', 'Selo do artigo em destaque'),
      requiredString('featuredCta', 'Botão do destaque'),
      requiredString('readMore', 'Link de cada cartão'),
      requiredString('resultsTitle', 'Título da lista com busca ou filtro'),
      requiredString('emptyTitle', 'Nenhum resultado: título'),
      requiredText('emptyText', 'Nenhum resultado: texto', { rows: 2 }),
      requiredString('clearFilters', 'Nenhum resultado: link para todos os artigos'),
      requiredString('paginationLabel', 'Rótulo da paginação (lido por leitores de tela)'),
      requiredString('previousPage', 'Página anterior'),
      requiredString('nextPage', 'Próxima página'),
    ]),
    section('article', 'Página de cada artigo', [
      requiredString('tocTitle', 'Título do sumário'),
      requiredString('readingTimeLabel', 'Tempo de leitura (use {minutos})'),
      requiredString('faqTitle', 'Título das perguntas frequentes'),
      requiredString('relatedTitle', 'Título dos artigos relacionados'),
      requiredString('previousLabel', 'Artigo anterior'),
      requiredString('nextLabel', 'Próximo artigo'),
      requiredString('shareTitle', 'Título do compartilhamento'),
      requiredString('inDevelopmentTitle', 'Artigo em desenvolvimento: título'),
      requiredText('inDevelopmentText', 'Artigo em desenvolvimento: texto', { rows: 2 }),
      requiredString('backToBlog', 'Link de volta ao blog'),
    ]),
    seoField(),
  ],
  preview: { prepare: () => ({ title: 'Blog (página)' }) },
})
