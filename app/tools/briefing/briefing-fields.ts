/**
 * The briefing's fields without zod: names, limits, the constants its form
 * and action share, and the native constraints the page renders. The zod
 * schema (briefing-schema.ts) reads the same limits; the form's component
 * and the action both validate with it.
 */
import { LEAD_FIELD_LIMITS, leadMessages, type FieldConstraint } from '~/leads/form-fields'

export const BRIEFING_REQUIRED_MESSAGE = leadMessages.required
/** Which button moved the wizard (next, previous, send) and the step it was on: posted beside the fields. */
export const INTENT_FIELD = 'intent'
export const STEP_FIELD = 'etapa'
export const BRIEFING_PHONE_MESSAGE = 'Por favor, insira um número de telefone válido para o país escolhido.'

export const BRIEFING_TEXT_LIMITS = {
  businessName: 150,
  mainGoals: 2000,
  targetAudience: 1000,
  specificFeatures: 2000,
  integration: 1000,
  additionalInfo: 2000,
} as const

const optionalText = (maxLength: number): FieldConstraint => ({ maxLength })
const requiredText = (maxLength: number): FieldConstraint => ({ required: true, maxLength })

/** Every field of the wizard, in its steps' order; only the contact is required, and only at the final submit. */
export const briefingConstraint = {
  businessName: optionalText(BRIEFING_TEXT_LIMITS.businessName),
  businessType: {},
  agentPurpose: {},
  mainGoals: optionalText(BRIEFING_TEXT_LIMITS.mainGoals),
  targetAudience: optionalText(BRIEFING_TEXT_LIMITS.targetAudience),
  platforms: {},
  tone: {},
  operatingHours: {},
  specificFeatures: optionalText(BRIEFING_TEXT_LIMITS.specificFeatures),
  integration: optionalText(BRIEFING_TEXT_LIMITS.integration),
  additionalInfo: optionalText(BRIEFING_TEXT_LIMITS.additionalInfo),
  name: requiredText(LEAD_FIELD_LIMITS.name),
  email: requiredText(LEAD_FIELD_LIMITS.email),
  country: {},
  phone: requiredText(LEAD_FIELD_LIMITS.phone),
} satisfies Record<string, FieldConstraint>
