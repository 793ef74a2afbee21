import { refusal } from '~/leads/lead-action.server'
import type { LeadContactData, LeadResults } from '~/leads/lead-service.server'
import { phoneE164 } from '~/leads/phone-e164'
import { readFormBody } from '~/utils/form-body.server'
import { BRIEFING_PHONE_MESSAGE, INTENT_FIELD, STEP_FIELD } from './briefing-fields'
import { briefingSchema, type BriefingInput } from './briefing-schema'
import { BRIEFING_STEPS, countryByCode, DEFAULT_COUNTRY } from './options'

/**
 * The phone as the server keeps it: no longer than the chosen country allows,
 * then validated and normalised to E.164 there. Null when it is not a valid
 * number there.
 */
export function briefingPhoneE164(countryCode: string, phone: string): string | null {
  const country = countryByCode(countryCode) ?? DEFAULT_COUNTRY
  if (phone.replace(/\D/g, '').length > country.maxLength) return null
  return phoneE164(phone, country.code)
}

/** The shared schema plus the E.164 check (the action's schema). */
export const briefingServerSchema = briefingSchema.superRefine((value, context) => {
  if (!briefingPhoneE164(value.country, value.phone)) context.addIssue({ code: 'custom', message: BRIEFING_PHONE_MESSAGE, path: ['phone'] })
})

/** The lead's contact as the webhook receives it: phone = the dial code's digits followed by the number's, no symbols; company = the business name. */
export function briefingContact(value: BriefingInput): LeadContactData {
  const e164 = briefingPhoneE164(value.country, value.phone) ?? ''
  return { name: value.name, email: value.email, phone: e164.replace(/^\+/, ''), company: value.businessName ?? null }
}

/** The eleven briefing fields the lead stores (agent_briefings) and sends (results), plus the dial code. */
export function briefingResults(value: BriefingInput): Extract<LeadResults, { kind: 'briefing' }> {
  const country = countryByCode(value.country) ?? DEFAULT_COUNTRY
  return {
    kind: 'briefing',
    businessName: value.businessName ?? null,
    businessType: value.businessType ?? null,
    agentPurpose: value.agentPurpose ?? null,
    platforms: value.platforms ?? [],
    tone: value.tone ?? null,
    mainGoals: value.mainGoals ?? null,
    targetAudience: value.targetAudience ?? null,
    operatingHours: value.operatingHours ?? null,
    specificFeatures: value.specificFeatures ?? null,
    integration: value.integration ?? null,
    additionalInfo: value.additionalInfo ?? null,
    countryCode: country.dialCode,
  }
}

export const BRIEFING_PATH = '/criar-agente'
/** The buttons' values: Next, Previous, 'Enviar Briefing'; `stay` answers a value none of them posts. */
export type BriefingIntent = 'next' | 'previous' | 'send' | 'stay'

/**
 * Without JavaScript each step is a post of the whole form (the other steps'
 * fields travel hidden): Next and Previous answer the page at the new step
 * with every value kept; only 'Enviar Briefing' goes on to the lead.
 * Reads a copy of the body, bounded like the lead action's.
 */
export async function readBriefingStep(
  request: Request,
): Promise<{ intent: BriefingIntent; from: number; step: number; values: Record<string, string | string[]> } | { refusal: ReturnType<typeof refusal> }> {
  const fields = new Set([...Object.keys(briefingSchema.shape), INTENT_FIELD, STEP_FIELD])
  const body = await readFormBody(request.clone(), { fields })
  if (!body.ok) return { refusal: refusal(body.refusal.status, body.refusal.message, body.refusal.headers) }
  const intent = body.formData.get(INTENT_FIELD)
  const current = Math.min(Math.max(Number(body.formData.get(STEP_FIELD)) || 1, 1), BRIEFING_STEPS)
  const values: Record<string, string | string[]> = {}
  for (const name of Object.keys(briefingSchema.shape)) {
    const all = body.formData.getAll(name).filter((item): item is string => typeof item === 'string')
    if (all.length) values[name] = name === 'platforms' ? all : all[0]!
  }
  if (intent === 'next') return { intent, from: current, step: Math.min(current + 1, BRIEFING_STEPS), values }
  if (intent === 'previous') return { intent, from: current, step: Math.max(current - 1, 1), values }
  // No button (a form sent by Enter from a script-less browser's last step) sends; a value no button of this
  // page posts (a page rendered before the values were renamed, ADR 036) keeps the step and what was typed.
  if (intent === null || intent === 'send') return { intent: 'send', from: current, step: current, values }
  return { intent: 'stay', from: current, step: current, values }
}
