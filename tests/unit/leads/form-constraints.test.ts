import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { leadFormConstraints, type FieldConstraint } from '~/leads/form-fields'
import { contactPageSchema, homeContactSchema, leadMessages, newsletterSchema } from '~/leads/form-schemas'
import { briefingConstraint } from '~/tools/briefing/briefing-fields'
import { briefingSchema } from '~/tools/briefing/briefing-schema'
import { calculatorLeadSchema } from '~/tools/calculator/lead-schema'
import { presenceTestLeadSchema } from '~/tools/presence-test/lead-schema'

/**
 * The native constraints every form renders are plain objects (form-fields.ts,
 * briefing-fields.ts), so the browser computes them without zod and the server's
 * HTML and the hydrated form carry the same attributes (ADR 028, issue 42).
 * They are checked here against the schemas the server validates with: the
 * same fields required as Conform's getZodConstraint reads from the schema, and
 * every length and pattern a rule the schema enforces too.
 */
type Case = {
  name: string
  schema: z.ZodType
  constraint: Record<string, FieldConstraint>
  /** A submission the schema accepts: every probe changes one field of it. */
  valid: Record<string, string>
  /** Fields the schema reads that the form posts hidden, without a constraint of their own. */
  hidden?: string[]
}

const contact = { name: 'Fernanda Lima', email: 'fernanda@exemplo.com.br', phone: '11987654321' }
const cases: Case[] = [
  { name: 'home', schema: homeContactSchema, constraint: leadFormConstraints.home, valid: { ...contact, message: '' } },
  {
    name: 'contact page',
    schema: contactPageSchema,
    constraint: leadFormConstraints.contact,
    valid: { ...contact, company: 'Lima Ltda', service: 'ia', message: 'Quero conversar sobre IA.' },
  },
  { name: 'newsletter', schema: newsletterSchema, constraint: leadFormConstraints.newsletter, valid: { email: contact.email, consent: 'on' } },
  {
    name: 'calculator lead',
    schema: calculatorLeadSchema,
    constraint: leadFormConstraints.tool,
    valid: { ...contact, metrica: 'cac', totalCosts: '1000', newCustomers: '4' },
    hidden: ['metrica'],
  },
  {
    name: 'presence test lead',
    schema: presenceTestLeadSchema,
    constraint: leadFormConstraints.tool,
    valid: { ...contact, respostas: '4'.repeat(25) },
    hidden: ['respostas'],
  },
  { name: 'briefing', schema: briefingSchema, constraint: briefingConstraint, valid: { ...contact, country: 'BR' } },
]

function fieldErrors(schema: z.ZodType, fields: Record<string, string>, field: string): string[] {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== '' || name !== 'consent') data.append(name, value)
  const submission = parseWithZod(data, { schema })
  return submission.status === 'error' ? (submission.error?.[field] ?? []) : []
}

/** A value of exactly `length` characters of the field's kind (an address for e-mails, digits for phones). */
function valueOfLength(field: string, length: number): string {
  if (field === 'email') return `${'a'.repeat(Math.max(1, length - 12))}@exemplo.com`.slice(-length)
  if (field === 'phone') return '1'.repeat(length)
  return 'a'.repeat(length)
}

describe.each(cases)('the $name form’s native constraints', ({ schema, constraint, valid, hidden = [] }) => {
  const fromSchema = getZodConstraint(schema) as Record<string, FieldConstraint>

  it('the base submission is valid', () => {
    const data = new FormData()
    for (const [name, value] of Object.entries(valid)) if (value !== '') data.append(name, value)
    expect(parseWithZod(data, { schema }).status).toBe('success')
  })

  it('require exactly the fields the schema requires', () => {
    for (const [field, rule] of Object.entries(constraint)) expect(rule.required ?? false, field).toBe(fromSchema[field]?.required ?? false)
    const requiredBySchema = Object.entries(fromSchema).filter(([field, rule]) => rule.required && !field.endsWith('[]') && !hidden.includes(field))
    for (const [field] of requiredBySchema) expect(constraint[field]?.required, field).toBe(true)
  })

  it('cap each field where the schema caps it', () => {
    for (const [field, { maxLength }] of Object.entries(constraint)) {
      if (maxLength === undefined) continue
      expect(fieldErrors(schema, { ...valid, [field]: valueOfLength(field, maxLength + 1) }, field), field).toContain(leadMessages.tooLong(maxLength))
      expect(fieldErrors(schema, { ...valid, [field]: valueOfLength(field, maxLength) }, field), field).not.toContain(leadMessages.tooLong(maxLength))
    }
  })

  it('ask for the minimum length the schema asks for', () => {
    for (const [field, { minLength }] of Object.entries(constraint)) {
      if (minLength === undefined) continue
      expect(fieldErrors(schema, { ...valid, [field]: 'a'.repeat(minLength - 1) }, field), field).not.toEqual([])
      expect(fieldErrors(schema, { ...valid, [field]: 'a'.repeat(minLength) }, field), field).toEqual([])
    }
  })

  // One way: what a pattern refuses the schema refuses too, so the browser never stops a submission the server
  // would take (the newsletter's '@ and .' pattern lets a space through: type="email" refuses it, and the server).
  it('refuse by pattern only what the schema refuses', () => {
    const probes = ['a@b.co', 'nome.sobrenome@empresa', 'a@b', 'a.b', 'a b@c.de', '@b.co', 'x@y.z.w', 'ia', 'outro', 'consultoria']
    for (const [field, { pattern }] of Object.entries(constraint)) {
      if (pattern === undefined) continue
      // An enum: Conform reads the same alternatives from the schema.
      if (fromSchema[field]?.pattern) expect(pattern, field).toBe(fromSchema[field]!.pattern)
      const html = new RegExp(`^(?:${pattern})$`, 'v')
      for (const probe of probes.filter((candidate) => !html.test(candidate)))
        expect(fieldErrors(schema, { ...valid, [field]: probe }, field), `${field}: ${probe}`).not.toEqual([])
      expect(probes.filter((candidate) => !html.test(candidate)).length, field).toBeGreaterThan(0)
    }
  })
})
