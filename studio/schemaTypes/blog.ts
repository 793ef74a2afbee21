import { defineArrayMember, defineField, defineType, type Reference, type ValidationContext } from 'sanity'
import { ARTICLE_STATUS, CALLOUT_TONES, MAX_RELATED_ARTICLES } from '../../app/content/rules'
import { finalCtaField, imageField, requiredString, requiredText, seoField, seoGroups, slugField } from './fields'
import { richTextMembers } from './objects'

/**
 * The blog's model: articles and what their bodies hold. Authors and
 * categories are collections (./collections.ts); the /blog page's own words
 * are the blogPage singleton.
 */

/** A highlighted note inside an article: a tip, a warning or an example. */
export const callout = defineType({
  name: 'callout',
  title: 'Destaque',
  type: 'object',
  fields: [
    defineField({
      name: 'tone',
      title: 'Tipo',
      type: 'string',
      options: { list: CALLOUT_TONES.map(({ value, label }) => ({ value, title: label })), layout: 'radio' },
      initialValue: 'dica',
      validation: (rule) => rule.required(),
    }),
    requiredText('text', 'Texto', { rows: 3, max: 600 }),
  ],
  preview: { select: { title: 'text', subtitle: 'tone' } },
})

/** An article's body: the site's rich text plus callouts and images with captions. */
export const articleBody = defineType({
  name: 'articleBody',
  title: 'Texto do artigo',
  type: 'array',
  of: [
    ...richTextMembers({ affiliateLinks: true }),
    defineArrayMember({ type: 'callout' }),
    defineArrayMember({
      ...imageField('image', 'Imagem', { caption: true }),
      type: 'image',
    }),
  ],
})

type ArticleDocument = { _id?: string; status?: string; publishDate?: string }
const documentOf = (context: ValidationContext) => context.document as ArticleDocument | undefined
const publishedId = (id: string | undefined) => id?.replace(/^drafts\./, '')
const pointsToItself = (value: Reference | undefined, context: ValidationContext) =>
  Boolean(value?._ref && value._ref === publishedId(documentOf(context)?._id))

/** A reference to another article (never this one). */
const otherArticle = (name: string, title: string, description?: string) =>
  defineField({
    name,
    title,
    type: 'reference',
    to: [{ type: 'article' }],
    group: 'content',
    description,
    validation: (rule) => rule.custom((value: Reference | undefined, context) => (pointsToItself(value, context) ? 'Escolha outro artigo' : true)),
  })

export const article = defineType({
  name: 'article',
  title: 'Artigo',
  type: 'document',
  groups: seoGroups,
  fields: [
    requiredString('title', 'Título', { group: 'content', max: 110 }),
    slugField(),
    defineField({
      name: 'status',
      title: 'Situação',
      type: 'string',
      group: 'content',
      description: 'Um artigo em desenvolvimento não tem texto: mostra um aviso, fica fora da listagem, do sitemap e dos buscadores.',
      options: { list: ARTICLE_STATUS.map(({ value, label }) => ({ value, title: label })), layout: 'radio' },
      initialValue: 'published',
      validation: (rule) => rule.required(),
    }),
    requiredText('description', 'Resumo (listagem e buscadores)', { group: 'content', rows: 3, max: 200 }),
    defineField({
      name: 'category',
      title: 'Categoria',
      type: 'reference',
      to: [{ type: 'category' }],
      group: 'content',
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'publishDate', title: 'Publicado em', type: 'date', group: 'content', validation: (rule) => rule.required() }),
    defineField({
      name: 'modifiedDate',
      title: 'Atualizado em (opcional)',
      type: 'date',
      group: 'content',
      validation: (rule) =>
        rule.custom((value: string | undefined, context) => {
          const published = documentOf(context)?.publishDate
          return value && published && value < published ? 'A atualização não pode ser anterior à publicação' : true
        }),
    }),
    defineField({ name: 'author', title: 'Autor', type: 'reference', to: [{ type: 'author' }], group: 'content', validation: (rule) => rule.required() }),
    imageField('coverImage', 'Capa (1200 × 630, também usada no compartilhamento)', {
      group: 'content',
      required: true,
      size: { width: 1200, height: 630 },
      caption: true,
    }),
    defineField({
      name: 'keywords',
      title: 'Palavras-chave',
      type: 'array',
      group: 'seo',
      of: [defineArrayMember({ type: 'string' })],
      options: { layout: 'tags' },
      validation: (rule) => rule.unique().max(12),
    }),
    defineField({
      name: 'tags',
      title: 'Tags',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({ type: 'string' })],
      options: { layout: 'tags' },
      validation: (rule) => rule.unique().max(8),
    }),
    defineField({
      name: 'readingTime',
      title: 'Tempo de leitura em minutos (opcional)',
      type: 'number',
      group: 'content',
      description: 'Deixe vazio para calcular pelo texto (cerca de 200 palavras por minuto).',
      validation: (rule) => rule.integer().min(1).max(120),
    }),
    defineField({
      name: 'stickyToc',
      title: 'Sumário fixo na lateral (telas grandes)',
      type: 'boolean',
      group: 'content',
      initialValue: false,
    }),
    defineField({
      name: 'body',
      title: 'Texto',
      type: 'articleBody',
      group: 'content',
      hidden: ({ document }) => document?.status === 'inDevelopment',
      validation: (rule) =>
        rule.custom((value: unknown[] | undefined, context) => {
          const status = documentOf(context)?.status
          const hasBody = Array.isArray(value) && value.length > 0
          if (status === 'published' && !hasBody) return 'Um artigo publicado precisa de texto'
          if (status === 'inDevelopment' && hasBody) return 'Um artigo em desenvolvimento não mostra texto: publique-o ou apague o texto'
          return true
        }),
    }),
    defineField({
      name: 'faq',
      title: 'Perguntas frequentes (opcional)',
      type: 'array',
      group: 'content',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'qa',
          fields: [requiredString('question', 'Pergunta', { max: 200 }), requiredText('answer', 'Resposta', { rows: 4, max: 800 })],
          preview: { select: { title: 'question' } },
        }),
      ],
      validation: (rule) => rule.max(10),
    }),
    finalCtaField('cta', 'Chamada para ação', { group: 'content' }),
    defineField({
      name: 'related',
      title: `Artigos relacionados (até ${MAX_RELATED_ARTICLES})`,
      type: 'array',
      group: 'content',
      description: 'Vazio: os mais recentes da mesma categoria.',
      of: [defineArrayMember({ type: 'reference', to: [{ type: 'article' }] })],
      validation: (rule) =>
        rule
          .unique()
          .max(MAX_RELATED_ARTICLES)
          .custom((value: Reference[] | undefined, context) =>
            value?.some((item) => pointsToItself(item, context)) ? 'Um artigo não pode ser relacionado a si mesmo' : true,
          ),
    }),
    otherArticle('previous', 'Artigo anterior (opcional)', 'Vazio: o publicado antes deste.'),
    otherArticle('next', 'Próximo artigo (opcional)', 'Vazio: o publicado depois deste.'),
    seoField(),
  ],
  orderings: [{ title: 'Mais recentes', name: 'publishDateDesc', by: [{ field: 'publishDate', direction: 'desc' }] }],
  preview: { select: { title: 'title', subtitle: 'publishDate', status: 'status', media: 'coverImage' } },
})
