import { defineArrayMember, defineField, defineType } from 'sanity'
import {
  ctaField,
  exactly,
  figureItems,
  finalCtaField,
  imageField,
  referenceList,
  requiredString,
  requiredText,
  seoField,
  slugField,
  seoGroups,
} from './fields'

export const service = defineType({
  name: 'service',
  title: 'Serviço',
  type: 'document',
  groups: seoGroups,
  fields: [
    requiredString('title', 'Nome do serviço', { group: 'content' }),
    slugField(),
    requiredString('tagline', 'Frase curta', { group: 'content', max: 120 }),
    requiredText('description', 'Descrição', { group: 'content', max: 400 }),
    defineField({
      name: 'features',
      title: 'Quatro entregas',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({ type: 'string' })],
      validation: exactly(4),
    }),
    defineField({
      name: 'caseStudy',
      title: 'Resumo de um case',
      type: 'object',
      group: 'content',
      fields: [requiredString('title', 'Título'), requiredText('text', 'Texto', { rows: 2 })],
      validation: (rule) => rule.required(),
    }),
    ctaField('cta', 'Chamada principal', { group: 'content' }),
    ctaField('secondaryCta', 'Chamada secundária (opcional)', { group: 'content', required: false }),
    defineField({
      name: 'variant',
      title: 'Destaque do cartão',
      type: 'string',
      group: 'content',
      options: {
        list: [
          { title: 'Padrão', value: 'default' },
          { title: 'Realçado', value: 'highlighted' },
          { title: 'Principal', value: 'featured' },
        ],
        layout: 'radio',
      },
      initialValue: 'default',
      validation: (rule) => rule.required(),
    }),
    imageField('backgroundImage', 'Imagem de fundo (opcional)', { group: 'content' }),
    defineField({ name: 'order', title: 'Ordem', type: 'number', group: 'content', validation: (rule) => rule.required().integer().min(1) }),
    defineField({
      name: 'page',
      title: 'Página própria (/servicos/slug)',
      type: 'object',
      group: 'content',
      description: 'Preencha para os serviços que têm página própria.',
      fields: [
        requiredText('intro', 'Abertura'),
        defineField({ name: 'body', title: 'Texto', type: 'richText', validation: (rule) => rule.required() }),
        defineField({
          name: 'faq',
          title: 'Perguntas frequentes',
          type: 'array',
          of: [defineArrayMember({ type: 'reference', to: [{ type: 'faqItem' }] })],
          validation: (rule) => rule.unique(),
        }),
        finalCtaField('finalCta', 'Chamada final'),
      ],
    }),
    seoField(),
  ],
  orderings: [{ title: 'Ordem', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'tagline' } },
})

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Depoimento',
  type: 'document',
  fields: [
    requiredString('name', 'Nome'),
    requiredString('role', 'Papel (ex.: Empresário, Loja Online)'),
    defineField({ name: 'company', title: 'Empresa', type: 'string' }),
    requiredText('content', 'Depoimento', { rows: 4, max: 600 }),
    defineField({
      name: 'rating',
      title: 'Nota (1 a 5)',
      type: 'number',
      initialValue: 5,
      validation: (rule) => rule.required().integer().min(1).max(5),
    }),
    requiredString('initials', 'Iniciais (mostradas sem foto)', { max: 3 }),
    imageField('avatar', 'Foto (opcional)'),
  ],
  preview: { select: { title: 'name', subtitle: 'role' } },
})

export const caseStudy = defineType({
  name: 'caseStudy',
  title: 'Case de sucesso',
  type: 'document',
  groups: seoGroups,
  fields: [
    requiredString('title', 'Título', { group: 'content' }),
    slugField('title', 'Chave / endereço (/casos/chave)'),
    requiredString('client', 'Cliente', { group: 'content' }),
    requiredString('sector', 'Setor (etiqueta)', { group: 'content', max: 40 }),
    requiredText('summary', 'Resumo do cartão', { group: 'content', max: 300 }),
    requiredText('challenge', 'Desafio', { group: 'content' }),
    requiredText('solution', 'Solução', { group: 'content' }),
    requiredText('results', 'Resultados', { group: 'content' }),
    figureItems('figures', 'Números em destaque', [2, 4]),
    defineField({ name: 'period', title: 'Período', type: 'string', group: 'content' }),
    defineField({
      name: 'clickable',
      title: 'Abre a história completa',
      type: 'boolean',
      group: 'content',
      initialValue: false,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'presentation',
      title: 'Como abre',
      type: 'string',
      group: 'content',
      options: {
        list: [
          { title: 'Janela (diálogo)', value: 'dialog' },
          { title: 'Tela cheia', value: 'fullscreen' },
        ],
        layout: 'radio',
      },
      hidden: ({ document }) => !document?.clickable,
      validation: (rule) =>
        rule.custom((value, context) => ((context.document as { clickable?: boolean } | undefined)?.clickable && !value ? 'Escolha como o case abre' : true)),
    }),
    defineField({
      name: 'body',
      title: 'História completa',
      type: 'richText',
      group: 'content',
      hidden: ({ document }) => !document?.clickable,
      validation: (rule) =>
        rule.custom((value, context) =>
          (context.document as { clickable?: boolean } | undefined)?.clickable && !(Array.isArray(value) && value.length)
            ? 'Um case que abre precisa da história completa'
            : true,
        ),
    }),
    defineField({ name: 'order', title: 'Ordem', type: 'number', group: 'content', validation: (rule) => rule.required().integer().min(1) }),
    seoField(),
  ],
  orderings: [{ title: 'Ordem', name: 'order', by: [{ field: 'order', direction: 'asc' }] }],
  preview: { select: { title: 'title', subtitle: 'sector' } },
})

export const legalPage = defineType({
  name: 'legalPage',
  title: 'Página legal',
  type: 'document',
  groups: seoGroups,
  fields: [
    requiredString('title', 'Título', { group: 'content' }),
    slugField(),
    defineField({ name: 'updatedAt', title: 'Atualizada em', type: 'date', group: 'content', validation: (rule) => rule.required() }),
    requiredText('intro', 'Abertura', { group: 'content' }),
    defineField({
      name: 'body',
      title: 'Texto (cada "Título de seção" é uma seção numerada)',
      type: 'richText',
      group: 'content',
      validation: (rule) => rule.required(),
    }),
    seoField(),
  ],
})

export const faqItem = defineType({
  name: 'faqItem',
  title: 'Pergunta frequente',
  type: 'document',
  fields: [
    requiredString('question', 'Pergunta'),
    requiredText('answer', 'Resposta', { rows: 4 }),
    requiredString('topic', 'Assunto (ex.: contato, servico-ia)'),
  ],
  preview: { select: { title: 'question', subtitle: 'topic' } },
})

export const author = defineType({
  name: 'author',
  title: 'Autor',
  type: 'document',
  fields: [
    requiredString('name', 'Nome'),
    slugField('name'),
    requiredString('role', 'Cargo'),
    requiredString('initials', 'Iniciais', { max: 3 }),
    imageField('image', 'Foto'),
  ],
})

export const category = defineType({
  name: 'category',
  title: 'Categoria',
  type: 'document',
  fields: [
    requiredString('title', 'Nome'),
    slugField(),
    defineField({ name: 'chipLabel', title: 'Nome curto no filtro do blog (opcional, ex.: IA)', type: 'string', validation: (rule) => rule.max(24) }),
    defineField({
      name: 'chipOrder',
      title: 'Posição fixa entre os filtros do blog (opcional)',
      type: 'number',
      description: 'Com posição, o filtro aparece sempre; sem ela, só quando há artigos publicados na categoria.',
      validation: (rule) => rule.integer().min(1),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'chipLabel' } },
})

export { referenceList }
