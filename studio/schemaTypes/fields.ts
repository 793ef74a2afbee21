import { defineArrayMember, defineField, type ArrayRule, type SlugValidationContext } from 'sanity'
import { SANITY_API_VERSION } from '../../app/content/rules'

/**
 * Small builders for the fields every document repeats, so each schema reads
 * as a list of what editors fill in, and the rules live in one place.
 */

type FieldOptions = { description?: string; group?: string; hidden?: boolean }

export function requiredString(name: string, title: string, options: FieldOptions & { max?: number } = {}) {
  const { max, ...rest } = options
  return defineField({
    name,
    title,
    type: 'string',
    ...rest,
    validation: (rule) => (max ? rule.required().max(max) : rule.required()),
  })
}

export function requiredText(name: string, title: string, options: FieldOptions & { rows?: number; max?: number } = {}) {
  const { rows = 3, max, ...rest } = options
  return defineField({
    name,
    title,
    type: 'text',
    rows,
    ...rest,
    validation: (rule) => (max ? rule.required().max(max) : rule.required()),
  })
}

/** Is this slug used by no other document of the same type? Works in the Studio and in the offline seed check. */
export async function isUniqueSlug(slug: string, context: SlugValidationContext) {
  const { document, getClient } = context
  const id = document?._id.replace(/^drafts\./, '')
  const client = getClient({ apiVersion: SANITY_API_VERSION })
  const count = await client.fetch<number>('count(*[_type == $type && slug.current == $slug && !(_id in [$draft, $published])])', {
    type: document?._type,
    slug,
    draft: `drafts.${id}`,
    published: id,
  })
  return count === 0
}

export function slugField(source = 'title', title = 'Endereço (slug)') {
  return defineField({
    name: 'slug',
    title,
    type: 'slug',
    options: { source, maxLength: 96, isUnique: isUniqueSlug },
    validation: (rule) => rule.required(),
  })
}

/** `image-<name>-<width>x<height>-<ext>`: Sanity's asset ids name the size, and so does the seed convention. */
export function assetSize(ref: unknown): { width: number; height: number } | null {
  const match = typeof ref === 'string' ? /^image-.+-(\d+)x(\d+)-[a-z0-9]+$/.exec(ref) : null
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

type ImageValue = { asset?: { _ref?: string } } | undefined

type ImageFieldOptions = FieldOptions & {
  required?: boolean
  /** The image must have this aspect ratio (±1 %) and be at least this wide, e.g. 1200 × 630 for sharing. */
  size?: { width: number; height: number }
  /** Adds an optional caption shown under the image. */
  caption?: boolean
}

/** An image whose alternative text is required (read aloud, shown when the image fails). */
export function imageField(name: string, title: string, options: ImageFieldOptions = {}) {
  const { required = false, size, caption = false, ...rest } = options
  return defineField({
    name,
    title,
    type: 'image',
    ...rest,
    options: { hotspot: true },
    fields: [
      defineField({
        name: 'alt',
        title: 'Texto alternativo',
        type: 'string',
        description: 'Descreva a imagem para quem não pode vê-la.',
        validation: (rule) => rule.required().min(3).max(160),
      }),
      ...(caption ? [defineField({ name: 'caption', title: 'Legenda (opcional)', type: 'string', validation: (rule) => rule.max(200) })] : []),
    ],
    validation: (rule) =>
      (required ? rule.required() : rule).custom((value: ImageValue) => {
        if (!value) return true
        if (!value.asset?._ref) return 'Escolha a imagem (há texto alternativo sem imagem)'
        if (!size) return true
        const actual = assetSize(value.asset._ref)
        if (!actual) return true
        const ratioOff = Math.abs(actual.width / actual.height - size.width / size.height) / (size.width / size.height)
        return actual.width >= size.width && ratioOff <= 0.01
          ? true
          : `Use uma imagem de ${size.width} × ${size.height} px (ou maior, na mesma proporção); esta tem ${actual.width} × ${actual.height}`
      }),
  })
}

export function ctaField(name: string, title: string, options: FieldOptions & { required?: boolean } = {}) {
  const { required = true, ...rest } = options
  return defineField({ name, title, type: 'cta', ...rest, validation: (rule) => (required ? rule.required() : rule) })
}

/** A closing call: a title, a line of text and one button. */
export function finalCtaField(name: string, title: string, options: FieldOptions = {}) {
  return defineField({
    name,
    title,
    type: 'object',
    ...options,
    fields: [requiredString('title', 'Título'), requiredText('text', 'Texto', { rows: 2 }), ctaField('button', 'Botão')],
    validation: (rule) => rule.required(),
  })
}

export function seoField() {
  return defineField({ name: 'seo', title: 'SEO e compartilhamento', type: 'seo', group: 'seo' })
}

/** An array that must hold exactly `count` items (the page's design depends on it). */
export function exactly(count: number) {
  return (rule: ArrayRule<unknown[]>) => rule.required().length(count)
}

export function referenceList(name: string, title: string, to: string, count?: number) {
  return defineField({
    name,
    title,
    type: 'array',
    of: [defineArrayMember({ type: 'reference', to: [{ type: to }] })],
    validation: (rule) => (count ? rule.required().length(count).unique() : rule.required().min(1).unique()),
  })
}

/** A list of {title, description} items (profiles, steps, values...). */
export function titledItems(name: string, title: string, count: number | [number, number]) {
  return defineField({
    name,
    title,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'object',
        name: 'titledItem',
        fields: [requiredString('title', 'Título'), requiredText('description', 'Descrição')],
      }),
    ],
    validation: (rule) => (Array.isArray(count) ? rule.required().min(count[0]).max(count[1]) : rule.required().length(count)),
  })
}

/** A list of headline figures {value, label, description?}. */
export function figureItems(name: string, title: string, count: [number, number], withDescription = false) {
  return defineField({
    name,
    title,
    type: 'array',
    of: [
      defineArrayMember({
        type: 'object',
        name: 'figure',
        fields: [
          requiredString('value', 'Número (como aparece: "R$ 2M+", "250%")'),
          requiredString('label', 'Legenda'),
          ...(withDescription ? [requiredText('description', 'Descrição', { rows: 2 })] : []),
        ],
        preview: { select: { title: 'value', subtitle: 'label' } },
      }),
    ],
    validation: (rule) => rule.required().min(count[0]).max(count[1]),
  })
}

export function sectionHeading(options: { eyebrow?: boolean; intro?: boolean } = {}) {
  return [
    ...(options.eyebrow === false ? [] : [defineField({ name: 'eyebrow', title: 'Chamada acima do título', type: 'string' })]),
    requiredString('title', 'Título'),
    ...(options.intro === false ? [] : [requiredText('intro', 'Texto de abertura')]),
  ]
}

/** The two tabs of a page document: its content, and its SEO and sharing fields. */
export const seoGroups = [
  { name: 'content', title: 'Conteúdo', default: true },
  { name: 'seo', title: 'SEO' },
]

/** A required group of fields in the page's content tab. */
export function section(name: string, title: string, fields: ReturnType<typeof defineField>[]) {
  return defineField({ name, title, type: 'object', group: 'content', fields, validation: (rule) => rule.required() })
}

/** The top of a page: eyebrow, title and subtitle, plus any buttons it has. */
export const pageHero = (extra: ReturnType<typeof defineField>[] = []) =>
  section('hero', 'Topo', [
    defineField({ name: 'eyebrow', title: 'Chamada acima do título', type: 'string' }),
    requiredString('title', 'Título'),
    requiredText('subtitle', 'Subtítulo'),
    ...extra,
  ])
