// @vitest-environment node
import type { SchemaType } from 'sanity'
import { describe, expect, test } from 'vitest'
import { schemaProblems, studioSchema } from '../../../studio/lib/seed-check'
import { schemaTypes, SINGLETON_TYPES } from '../../../studio/schemaTypes'

/**
 * The Studio's schema, built from code (`createSchema`, as the Studio does):
 * it compiles without errors and has every type and field of the content
 * contract (docs/content-model.md). The Sanity CLI's own `schema validate`
 * needs the network; this does not.
 */
const contract: Record<string, string[]> = {
  siteSettings: ['brand', 'defaultTitle', 'description', 'blurb', 'email', 'phone', 'whatsapp', 'social', 'legal', 'businessHours', 'heroStats'],
  homePage: ['seo', 'hero', 'audience', 'approach', 'results', 'salesServices', 'comparison', 'testimonials', 'ratingBadge', 'contact'],
  aboutPage: ['seo', 'hero', 'whyUs', 'story', 'resultTeasers', 'mission', 'vision', 'values', 'team', 'cta'],
  servicesPage: ['seo', 'hero', 'metrics', 'servicesTitle', 'servicesIntro', 'services', 'testimonialsTitle', 'testimonials', 'presenceTest', 'finalCta'],
  service: ['title', 'slug', 'tagline', 'description', 'features', 'caseStudy', 'cta', 'secondaryCta', 'variant', 'backgroundImage', 'order', 'seo', 'page'],
  testimonial: ['name', 'role', 'company', 'content', 'rating', 'initials', 'avatar'],
  // The contract's "key (slug)" is the slug field: /casos/<slug.current>.
  caseStudy: [
    'slug',
    'title',
    'client',
    'sector',
    'summary',
    'challenge',
    'solution',
    'results',
    'figures',
    'clickable',
    'presentation',
    'period',
    'body',
    'order',
    'seo',
  ],
  casesPage: ['seo', 'hero', 'testimonialsTitle', 'testimonials', 'finalCta'],
  legalPage: ['title', 'slug', 'updatedAt', 'intro', 'body', 'seo'],
  faqItem: ['question', 'answer', 'topic'],
  author: ['name', 'slug', 'role', 'initials', 'image'],
  category: ['title', 'slug'],
  seo: ['title', 'description', 'image', 'noIndex'],
  cta: ['label', 'href'],
  figureTable: ['caption', 'rows'],
}

const fieldNames = (type: SchemaType | undefined) =>
  ((type as (SchemaType & { fields?: { name: string }[] }) | undefined)?.fields ?? []).map((field) => field.name)

describe('the Studio schema', () => {
  const schema = studioSchema()

  test('compiles from code without errors', () => {
    expect(schemaProblems(schema)).toEqual([])
  })

  test.each(Object.entries(contract))('%s has every field of the content contract', (name, fields) => {
    const type = schema.get(name)
    expect(type, `type ${name}`).toBeDefined()
    expect(fieldNames(type)).toEqual(expect.arrayContaining(fields))
  })

  test('the five singletons are the contract’s, and each is a document type', () => {
    expect([...SINGLETON_TYPES].sort()).toEqual(['aboutPage', 'casesPage', 'homePage', 'servicesPage', 'siteSettings'])
    for (const name of SINGLETON_TYPES) expect(schema.get(name)?.type?.name).toBe('document')
  })

  test('every image field asks for alternative text', () => {
    const missing: string[] = []
    const seen = new Set<SchemaType>()
    const visit = (type: SchemaType | undefined, where: string) => {
      if (!type || seen.has(type)) return
      seen.add(type)
      const chain: string[] = []
      for (let current: SchemaType | undefined = type; current; current = current.type) chain.push(current.name)
      if (chain.includes('image') && !fieldNames(type).includes('alt')) missing.push(where)
      for (const field of (type as SchemaType & { fields?: { name: string; type: SchemaType }[] }).fields ?? []) visit(field.type, `${where}.${field.name}`)
      for (const member of (type as SchemaType & { of?: SchemaType[] }).of ?? []) visit(member, `${where}[]`)
    }
    for (const { name } of schemaTypes) visit(schema.get(name), name)
    expect(seen.size).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })
})
