import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { briefingSchema } from '~/tools/briefing/briefing-schema'
import { briefingContact, briefingPhoneE164, briefingResults, briefingServerSchema } from '~/tools/briefing/briefing.server'
import {
  AGENT_PURPOSES,
  briefingProgress,
  BUSINESS_TYPES,
  COUNTRIES,
  countryPhoneDigits,
  formatCountryPhone,
  OPERATING_HOURS,
  PLATFORMS,
  TONES,
} from '~/tools/briefing/options'

const country = (code: string) => COUNTRIES.find((entry) => entry.code === code)!
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item)
  return data
}

describe('briefing options', () => {
  it('are the spec’s values', () => {
    expect(BUSINESS_TYPES.map((o) => o.value)).toEqual([
      'ecommerce',
      'servicos',
      'consultoria',
      'educacao',
      'saude',
      'tecnologia',
      'imobiliario',
      'alimentacao',
      'outro',
    ])
    expect(AGENT_PURPOSES.map((o) => o.value)).toEqual(['atendimento', 'vendas', 'suporte', 'agendamento', 'qualificacao', 'faq', 'multiplo'])
    expect(TONES.map((o) => o.value)).toEqual(['formal', 'amigavel', 'tecnico', 'vendas', 'suporte'])
    expect(PLATFORMS.map((o) => o.value)).toEqual(['website', 'whatsapp', 'instagram', 'facebook', 'telegram', 'email'])
    expect(OPERATING_HOURS.map((o) => o.value)).toEqual(['24h', 'comercial', 'personalizado'])
  })

  it('progress is the rounded share of five steps', () => {
    expect([1, 2, 3, 4, 5].map(briefingProgress)).toEqual([20, 40, 60, 80, 100])
  })
})

describe('country phones', () => {
  it.each([
    ['BR', '+55', 11],
    ['US', '+1', 10],
    ['AR', '+54', 10],
    ['CL', '+56', 9],
    ['MX', '+52', 10],
    ['PT', '+351', 9],
    ['ES', '+34', 9],
    ['CO', '+57', 10],
    ['PE', '+51', 9],
    ['UY', '+598', 8],
  ])('%s: %s, at most %d digits', (code, dialCode, maxLength) => {
    expect(country(code)).toMatchObject({ dialCode, maxLength })
    expect(countryPhoneDigits(country(code), '9'.repeat(maxLength + 3))).toHaveLength(maxLength)
  })

  it('Brasil is first (the default)', () => {
    expect(COUNTRIES[0]).toMatchObject({ code: 'BR', name: 'Brasil', dialCode: '+55' })
  })

  it('masks Brazil, the US and the rest as the spec says', () => {
    expect(formatCountryPhone(country('BR'), '11987654321')).toBe('(11) 98765-4321')
    expect(formatCountryPhone(country('BR'), '1132654321')).toBe('(11) 3265-4321')
    expect(formatCountryPhone(country('US'), '2015550123')).toBe('(201) 555-0123')
    expect(formatCountryPhone(country('US'), '20155')).toBe('(201) 55')
    expect(formatCountryPhone(country('PT'), '912345678')).toBe('912 345 678')
    expect(formatCountryPhone(country('UY'), '94123456')).toBe('941 234 56')
    expect(formatCountryPhone(country('AR'), 'a11-2345-67890')).toBe('112 345 6789')
  })

  it('normalises a valid number to E.164 with libphonenumber-js, and refuses an invalid one', () => {
    expect(briefingPhoneE164('BR', '(11) 98765-4321')).toBe('+5511987654321')
    expect(briefingPhoneE164('US', '201 555 0123')).toBe('+12015550123')
    expect(briefingPhoneE164('PT', '912345678')).toBe('+351912345678')
    expect(briefingPhoneE164('BR', '12345')).toBeNull()
    expect(briefingPhoneE164('UY', '941234567')).toBeNull()
  })
})

describe('the briefing schema', () => {
  const contact = { name: 'Lucas Araújo', email: 'Lucas@Imobiliaria.com.br', country: 'BR', phone: '(11) 98765-4321' }

  it('requires only the contact, with the spec’s message', () => {
    const empty = parseWithZod(form({}), { schema: briefingSchema })
    expect(empty.status === 'error' && empty.error).toMatchObject({
      name: ['Por favor, preencha todos os campos obrigatórios.'],
      email: ['Por favor, preencha todos os campos obrigatórios.'],
      phone: ['Por favor, preencha todos os campos obrigatórios.'],
    })
    const ok = parseWithZod(form(contact), { schema: briefingSchema })
    expect(ok.status).toBe('success')
  })

  it('gives the lead the dial code followed by the number, the business as company, and the eleven fields as results', () => {
    const submission = parseWithZod(
      form({ ...contact, businessName: 'Imobiliária Araújo', businessType: 'imobiliario', platforms: ['whatsapp', 'website'], tone: 'amigavel' }),
      { schema: briefingServerSchema },
    )
    if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
    expect(briefingContact(submission.value)).toEqual({
      name: 'Lucas Araújo',
      email: 'lucas@imobiliaria.com.br',
      phone: '5511987654321',
      company: 'Imobiliária Araújo',
    })
    expect(briefingResults(submission.value)).toEqual({
      kind: 'briefing',
      businessName: 'Imobiliária Araújo',
      businessType: 'imobiliario',
      agentPurpose: null,
      platforms: ['whatsapp', 'website'],
      tone: 'amigavel',
      mainGoals: null,
      targetAudience: null,
      operatingHours: null,
      specificFeatures: null,
      integration: null,
      additionalInfo: null,
      countryCode: '+55',
    })
  })

  it('refuses a number too long for the country, and on the server one that is not valid there', () => {
    const long = parseWithZod(form({ ...contact, country: 'UY', phone: '941234567' }), { schema: briefingSchema })
    expect(long.status === 'error' && long.error?.phone).toBeTruthy()
    const invalid = parseWithZod(form({ ...contact, phone: '11111' }), { schema: briefingServerSchema })
    expect(invalid.status === 'error' && invalid.error?.phone).toEqual(['Por favor, insira um número de telefone válido para o país escolhido.'])
    expect(parseWithZod(form({ ...contact, tone: 'grosseiro' }), { schema: briefingSchema }).status).toBe('error')
  })
})
