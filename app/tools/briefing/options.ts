/**
 * The AI-agent briefing's option lists and countries. Values are the spec's;
 * labels are ours, in pt-BR.
 * Pure: the wizard, its schema and the server use them.
 */
import { formatPhone } from '~/leads/phone'

export type Option<Value extends string = string> = { value: Value; label: string }

const options = <const Values extends readonly string[]>(entries: { [Index in keyof Values]: [Values[Index], string] }) =>
  entries.map(([value, label]) => ({ value, label })) as unknown as ReadonlyArray<Option<Values[number]>>

export const BUSINESS_TYPES = options<['ecommerce', 'servicos', 'consultoria', 'educacao', 'saude', 'tecnologia', 'imobiliario', 'alimentacao', 'outro']>([
  ['ecommerce', 'E-commerce'],
  ['servicos', 'Serviços'],
  ['consultoria', 'Consultoria'],
  ['educacao', 'Educação'],
  ['saude', 'Saúde'],
  ['tecnologia', 'Tecnologia'],
  ['imobiliario', 'Imobiliário'],
  ['alimentacao', 'Alimentação'],
  ['outro', 'Outro'],
])

export const AGENT_PURPOSES = options<['atendimento', 'vendas', 'suporte', 'agendamento', 'qualificacao', 'faq', 'multiplo']>([
  ['atendimento', 'Atendimento ao cliente'],
  ['vendas', 'Vendas'],
  ['suporte', 'Suporte técnico'],
  ['agendamento', 'Agendamento'],
  ['qualificacao', 'Qualificação de leads'],
  ['faq', 'Perguntas frequentes (FAQ)'],
  ['multiplo', 'Várias funções'],
])

export const TONES = options<['formal', 'amigavel', 'tecnico', 'vendas', 'suporte']>([
  ['formal', 'Formal'],
  ['amigavel', 'Amigável'],
  ['tecnico', 'Técnico'],
  ['vendas', 'Focado em vendas'],
  ['suporte', 'Prestativo, de suporte'],
])

export const PLATFORMS = options<['website', 'whatsapp', 'instagram', 'facebook', 'telegram', 'email']>([
  ['website', 'Site'],
  ['whatsapp', 'WhatsApp'],
  ['instagram', 'Instagram'],
  ['facebook', 'Facebook'],
  ['telegram', 'Telegram'],
  ['email', 'E-mail'],
])

export const OPERATING_HOURS = options<['24h', 'comercial', 'personalizado']>([
  ['24h', '24 horas, todos os dias'],
  ['comercial', 'Horário comercial (9h-18h)'],
  ['personalizado', 'Personalizado'],
])

export const valuesOf = <Value extends string>(list: ReadonlyArray<Option<Value>>) => list.map((option) => option.value) as [Value, ...Value[]]

/** The countries of the phone field, with the most digits a number may have there; the spec's entry but its flag, which the select does not show (ADR 024). */
export const COUNTRIES = [
  { code: 'BR', name: 'Brasil', dialCode: '+55', maxLength: 11 },
  { code: 'US', name: 'Estados Unidos', dialCode: '+1', maxLength: 10 },
  { code: 'AR', name: 'Argentina', dialCode: '+54', maxLength: 10 },
  { code: 'CL', name: 'Chile', dialCode: '+56', maxLength: 9 },
  { code: 'MX', name: 'México', dialCode: '+52', maxLength: 10 },
  { code: 'PT', name: 'Portugal', dialCode: '+351', maxLength: 9 },
  { code: 'ES', name: 'Espanha', dialCode: '+34', maxLength: 9 },
  { code: 'CO', name: 'Colômbia', dialCode: '+57', maxLength: 10 },
  { code: 'PE', name: 'Peru', dialCode: '+51', maxLength: 9 },
  { code: 'UY', name: 'Uruguai', dialCode: '+598', maxLength: 8 },
] as const
export type Country = (typeof COUNTRIES)[number]
export type CountryCode = Country['code']
export const DEFAULT_COUNTRY: Country = COUNTRIES[0]

export const countryByCode = (code: string | null | undefined): Country | undefined => COUNTRIES.find((country) => country.code === code)

/** Digits only, and no more than the country allows (what the field keeps while typing). */
export function countryPhoneDigits(country: Country, input: string): string {
  return input.replace(/\D/g, '').slice(0, country.maxLength)
}

/** The display mask: Brazil (XX) XXXXX-XXXX (4+4 for 10 digits), US (XXX) XXX-XXXX, others 3-3-rest. */
export function formatCountryPhone(country: Country, input: string): string {
  const digits = countryPhoneDigits(country, input)
  if (!digits) return ''
  // Brazil: the one rule of every Brazilian form (app/leads/phone.ts).
  if (country.code === 'BR') return formatPhone(digits)
  if (country.code === 'US') {
    if (digits.length <= 3) return `(${digits}`
    if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
  }
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join(' ')
}

export const BRIEFING_STEPS = 5
export const briefingProgress = (step: number) => Math.round((step / BRIEFING_STEPS) * 100)

/**
 * The funnel step a move between steps completes (ADR 040): leaving the
 * first step forward starts the briefing, reaching the last (the contact
 * details) finishes it; the lead is the briefing sent.
 */
export function briefingFunnelStep(from: number, to: number): 'started' | 'finished' | null {
  if (to <= from) return null
  if (to === BRIEFING_STEPS) return 'finished'
  return from === 1 ? 'started' : null
}
