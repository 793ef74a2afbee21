import { defineArrayMember, defineField, defineType } from 'sanity'
import { imageField, requiredString } from './fields'

/** SEO and sharing of one page. Lengths follow what search results show without cutting. */
export const seo = defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  fields: [
    defineField({
      name: 'title',
      title: 'Título da página',
      type: 'string',
      description: 'Entre 15 e 60 caracteres. A marca é acrescentada automaticamente.',
      validation: (rule) => rule.required().min(15).max(60),
    }),
    defineField({
      name: 'description',
      title: 'Descrição',
      type: 'text',
      rows: 3,
      description: 'Entre 50 e 160 caracteres: o resumo que aparece no Google.',
      validation: (rule) => rule.required().min(50).max(160),
    }),
    imageField('image', 'Imagem de compartilhamento (1200 × 630)', { size: { width: 1200, height: 630 } }),
    defineField({ name: 'noIndex', title: 'Esconder dos buscadores', type: 'boolean', initialValue: false }),
  ],
})

/** A call to action: a label and where it goes (a path like /contato or a full URL). */
export const cta = defineType({
  name: 'cta',
  title: 'Chamada para ação',
  type: 'object',
  fields: [
    requiredString('label', 'Texto do botão', { max: 60 }),
    defineField({
      name: 'href',
      title: 'Destino',
      type: 'string',
      description: 'Um caminho do site (/contato) ou um endereço completo (https://...).',
      validation: (rule) =>
        rule
          .required()
          .custom((value) =>
            typeof value === 'string' && /^(\/|#|https:\/\/|mailto:|tel:)/.test(value) ? true : 'Use um caminho que comece com / ou #, ou um endereço https://',
          ),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'href' } },
})

/** A table of figures inside rich text: the first row is the header. */
export const figureTable = defineType({
  name: 'figureTable',
  title: 'Tabela de números',
  type: 'object',
  fields: [
    defineField({ name: 'caption', title: 'Legenda (opcional)', type: 'string' }),
    defineField({
      name: 'rows',
      title: 'Linhas (a primeira é o cabeçalho)',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'tableRow',
          fields: [
            defineField({
              name: 'cells',
              title: 'Células',
              type: 'array',
              of: [defineArrayMember({ type: 'string' })],
              validation: (rule) => rule.required().min(2),
            }),
          ],
          preview: { select: { cells: 'cells' }, prepare: ({ cells }) => ({ title: (cells as string[] | undefined)?.join(' · ') }) },
        }),
      ],
      validation: (rule) => rule.required().min(2),
    }),
  ],
  preview: {
    select: { title: 'caption', rows: 'rows' },
    prepare: ({ title, rows }) => ({ title: title ?? `Tabela (${(rows as unknown[] | undefined)?.length ?? 0} linhas)` }),
  },
})

/** The members of the site's rich text: blocks (headings, lists, quotes, bold, italic, links) and tables of figures. */
export function richTextMembers({ affiliateLinks = false }: { affiliateLinks?: boolean } = {}) {
  return [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Parágrafo', value: 'normal' },
        { title: 'Título de seção', value: 'h2' },
        { title: 'Subtítulo', value: 'h3' },
        { title: 'Citação', value: 'blockquote' },
      ],
      lists: [
        { title: 'Lista', value: 'bullet' },
        { title: 'Lista numerada', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Negrito', value: 'strong' },
          { title: 'Itálico', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Endereço',
                type: 'string',
                validation: (rule) =>
                  rule.required().custom((value) => (typeof value === 'string' && /^(\/|#|https?:\/\/|mailto:|tel:)/.test(value) ? true : 'Endereço inválido')),
              }),
              ...(affiliateLinks
                ? [
                    defineField({
                      name: 'affiliate',
                      title: 'Link de afiliado (nofollow, sponsored)',
                      type: 'boolean',
                      initialValue: false,
                    }),
                  ]
                : []),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({ type: 'figureTable' }),
  ]
}

/** Rich text used by every long body: headings, lists, links, and tables of figures. */
export const richText = defineType({
  name: 'richText',
  title: 'Texto',
  type: 'array',
  of: richTextMembers(),
})
