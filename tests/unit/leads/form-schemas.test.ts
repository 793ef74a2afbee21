import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isNewsletterEmail } from '~/leads/form-fields'
import {
  contactPageSchema,
  homeContactSchema,
  LEAD_FIELD_LIMITS,
  leadFormConstraints,
  leadMessages,
  newsletterSchema,
  serviceChoices,
  toolLeadFields,
} from '~/leads/form-schemas'
import { briefingSchema } from '~/tools/briefing/briefing-schema'

/** Field errors of a submission (undefined when it succeeded). */
function errorsOf(submission: { status?: string } & ({ error?: unknown } | object)) {
  return 'error' in submission ? submission.error : undefined
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

describe('home contact schema', () => {
  it('asks for every required field with the one spec message', () => {
    const submission = parseWithZod(form({ name: '  ', email: '', phone: '', message: '' }), { schema: homeContactSchema })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)).toEqual({
      name: ['Por favor, preencha todos os campos obrigatórios.'],
      email: ['Por favor, preencha todos os campos obrigatórios.'],
      phone: ['Por favor, preencha todos os campos obrigatórios.'],
    })
  })

  it("uses the catalogue's messages for a bad e-mail or phone", () => {
    const submission = parseWithZod(form({ name: 'Ana', email: 'ana@', phone: '119' }), { schema: homeContactSchema })
    expect(errorsOf(submission)).toEqual({
      email: ['Email inválido. Verifique o formato.'],
      phone: ['Telefone inválido. Use formato: (11) 98765-4321'],
    })
  })

  it('accepts an empty message and normalises the rest', () => {
    const submission = parseWithZod(form({ name: ' Ana Paula ', email: 'Ana@Exemplo.com.br', phone: '11987654321', message: '' }), {
      schema: homeContactSchema,
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ name: 'Ana Paula', email: 'ana@exemplo.com.br', phone: '(11) 98765-4321' })
  })
})

describe('contact page schema', () => {
  const valid = { name: 'Rafael', email: 'rafael@exemplo.com.br', phone: '(21) 99876-5432', message: 'Quero anunciar no Google.', company: '', service: '' }

  it('gives each spec message', () => {
    const submission = parseWithZod(form({ name: 'R', email: 'rafael@exemplo', phone: '(21) 9987', message: 'curta' }), { schema: contactPageSchema })
    expect(errorsOf(submission)).toEqual({
      name: ['O nome deve ter pelo menos 2 caracteres.'],
      email: ['Por favor, insira um e-mail válido.'],
      phone: ['Por favor, insira um número de telefone válido.'],
      message: ['Por favor, detalhe sua mensagem com pelo menos 10 caracteres.'],
    })
  })

  it('takes company and service as optional, and only the listed services', () => {
    const ok = parseWithZod(form(valid), { schema: contactPageSchema })
    expect(ok.status === 'success' && ok.value).toEqual({
      name: 'Rafael',
      email: 'rafael@exemplo.com.br',
      phone: '(21) 99876-5432',
      message: 'Quero anunciar no Google.',
    })
    for (const service of ['ia', 'automacao', 'trafego', 'crescimento', 'outro']) {
      expect(parseWithZod(form({ ...valid, service }), { schema: contactPageSchema }).status).toBe('success')
    }
    expect(errorsOf(parseWithZod(form({ ...valid, service: 'seo' }), { schema: contactPageSchema }))).toEqual({
      service: ['Escolha um dos serviços da lista.'],
    })
  })

  it('one phone rule (ADR 024): 10 or 11 digits, typed with or without the mask, formatted to 14 or 15 characters', () => {
    const mobile = parseWithZod(form({ ...valid, phone: '21 99876 5432' }), { schema: contactPageSchema })
    expect(mobile.status === 'success' && mobile.value.phone).toBe('(21) 99876-5432')
    const landline = parseWithZod(form({ ...valid, phone: '2132654321' }), { schema: contactPageSchema })
    expect(landline.status === 'success' && landline.value.phone).toBe('(21) 3265-4321')
    expect(landline.status === 'success' && landline.value.phone.length).toBe(14)
    // 9 digits: 13 characters, not a number.
    const short = parseWithZod(form({ ...valid, phone: '213265432' }), { schema: contactPageSchema })
    expect(short.status === 'error' && short.error?.phone).toEqual([leadMessages.phone])
  })

  it('caps every text', () => {
    const submission = parseWithZod(
      form({
        ...valid,
        name: 'a'.repeat(LEAD_FIELD_LIMITS.name + 1),
        company: 'c'.repeat(LEAD_FIELD_LIMITS.company + 1),
        message: 'm'.repeat(LEAD_FIELD_LIMITS.message + 1),
      }),
      { schema: contactPageSchema },
    )
    expect(errorsOf(submission)).toEqual({
      name: [`Use no máximo ${LEAD_FIELD_LIMITS.name} caracteres.`],
      company: [`Use no máximo ${LEAD_FIELD_LIMITS.company} caracteres.`],
      message: [`Use no máximo ${LEAD_FIELD_LIMITS.message} caracteres.`],
    })
  })
})

describe('newsletter schema', () => {
  it("wants an e-mail with '@' and '.'", () => {
    for (const email of ['', 'leitora', 'leitora@exemplo', 'leitora exemplo.com']) {
      expect(errorsOf(parseWithZod(form({ email, consent: 'on' }), { schema: newsletterSchema }))).toEqual({ email: ['Por favor, insira um e-mail válido.'] })
    }
    expect(parseWithZod(form({ email: 'leitora@exemplo.com', consent: 'on' }), { schema: newsletterSchema }).status).toBe('success')
  })

  it("asks for nothing more than an '@' and a '.', wherever they are", () => {
    const accepted = (email: string) => parseWithZod(form({ email, consent: 'on' }), { schema: newsletterSchema })
    expect(accepted('Nome.Sobrenome@Empresa')).toMatchObject({ status: 'success', value: { email: 'nome.sobrenome@empresa' } })
    expect(accepted('leitora@exemplo.com.br').status).toBe('success')
    // /contato keeps asking for a domain with a dot.
    const contact = { name: 'Rafael', email: 'nome.sobrenome@empresa', phone: '(21) 99876-5432', message: 'Quero anunciar no Google.' }
    expect(errorsOf(parseWithZod(form(contact), { schema: contactPageSchema }))).toEqual({ email: ['Por favor, insira um e-mail válido.'] })
  })

  it('asks for explicit consent', () => {
    expect(errorsOf(parseWithZod(form({ email: 'leitora@exemplo.com' }), { schema: newsletterSchema }))).toEqual({
      consent: ['Para receber a newsletter, marque a caixa de consentimento.'],
    })
  })
})

describe('native constraints', () => {
  it('match the schemas where the browser can check them', () => {
    expect(leadFormConstraints.contact.name).toEqual({ required: true, minLength: 2, maxLength: 100 })
    expect(leadFormConstraints.contact.message.minLength).toBe(10)
    // No minLength on the phone: unmasked digits are fine once the server formats them.
    expect(leadFormConstraints.contact.phone).not.toHaveProperty('minLength')
    // The newsletter's pattern is its schema's rule: an '@' and a '.', anywhere.
    const pattern = new RegExp(`^(?:${leadFormConstraints.newsletter.email.pattern})$`, 'v')
    for (const email of ['a@b.co', 'nome.sobrenome@empresa', 'a@b', 'a.b', '', '@.']) expect(pattern.test(email), email).toBe(isNewsletterEmail(email))
    expect(pattern.test('nome.sobrenome@empresa')).toBe(true)
    expect(pattern.test('a@b')).toBe(false)
  })
})

describe('serviceChoices', () => {
  it("names the webhook's service values as their pages do, in the editors' order, then Outro; drops what has no page", () => {
    const services = [
      { title: 'Tráfego Pago Otimizado', slug: 'trafego' },
      { title: 'Agentes de IA', slug: 'ia' },
      { title: 'SEO', slug: 'seo' },
      { title: 'Crescimento Digital 360', slug: 'crescimento' },
    ]
    expect(serviceChoices(services)).toEqual([
      { value: 'trafego', label: 'Tráfego Pago Otimizado' },
      { value: 'ia', label: 'Agentes de IA' },
      { value: 'crescimento', label: 'Crescimento Digital 360' },
      { value: 'outro', label: 'Outro' },
    ])
  })
})

describe('one-line fields', () => {
  const person = { name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '(11) 98765-4321' }
  /** Every one-line text of every lead form, with a submission that passes otherwise. */
  const oneLineFields = [
    { form: 'home', schema: homeContactSchema, base: person, fields: ['name'] },
    { form: 'contact', schema: contactPageSchema, base: { ...person, message: 'Quero saber mais sobre tráfego pago.' }, fields: ['name', 'company'] },
    { form: 'tools', schema: z.object(toolLeadFields), base: person, fields: ['name'] },
    { form: 'briefing', schema: briefingSchema, base: { ...person, country: 'BR' }, fields: ['name', 'businessName'] },
  ] as const
  const cases = oneLineFields.flatMap(({ form, schema, base, fields }) => fields.map((field) => ({ form, field, schema: schema as z.ZodType, base })))
  const emailSchemas = [
    ...oneLineFields.map(({ schema, base }) => ({ schema: schema as z.ZodType, base })),
    { schema: newsletterSchema, base: { consent: true } },
  ]

  it.each(cases)('$form $field: line breaks, tabs and runs of spaces become one space', ({ schema, base, field }) => {
    for (const typed of [
      'Ana\nAssunto: urgente',
      'Ana\r\nAssunto: urgente',
      'Ana\u2028Assunto: urgente',
      'Ana\u0085Assunto:\t urgente',
      '  Ana \u2029\u2029 Assunto:  urgente ',
    ]) {
      const parsed = schema.safeParse({ ...base, [field]: typed })
      expect(parsed.success && (parsed.data as Record<string, unknown>)[field], JSON.stringify(typed)).toBe('Ana Assunto: urgente')
    }
  })

  it.each(cases)('$form $field: control and bidirectional characters are refused, in Portuguese', ({ schema, base, field }) => {
    for (const hidden of ['\u0007', '\u001b[31m', '\u007f', '\u0090', '\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c']) {
      const parsed = schema.safeParse({ ...base, [field]: `Ana${hidden}Souza` })
      expect(parsed.success, JSON.stringify(hidden)).toBe(false)
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, leadMessages.hiddenCharacters]])
    }
  })

  it('an e-mail with an invisible or line-breaking character is no e-mail, on every form', () => {
    for (const { schema, base } of emailSchemas) {
      for (const email of ['ana\u202e@exemplo.com.br', 'ana@exemplo\u200f.com.br', 'ana@exemplo.com.br\nBcc: x@y.z', 'ana\u0007@exemplo.com.br']) {
        const parsed = schema.safeParse({ ...base, email })
        expect(parsed.success, JSON.stringify(email)).toBe(false)
        expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['email'])
      }
    }
  })
})
