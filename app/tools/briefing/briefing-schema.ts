import { z } from 'zod'
import { EMAIL_PATTERN, emailText, LEAD_FIELD_LIMITS, leadMessages, oneLineText } from '~/leads/form-schemas'
import { BRIEFING_PHONE_MESSAGE, BRIEFING_REQUIRED_MESSAGE, BRIEFING_TEXT_LIMITS } from './briefing-fields'
import { AGENT_PURPOSES, BUSINESS_TYPES, COUNTRIES, countryByCode, DEFAULT_COUNTRY, OPERATING_HOURS, PLATFORMS, TONES, valuesOf } from './options'

/**
 * The briefing wizard's one schema, shared by the browser and
 * the server (which adds the phone check of briefing.server.ts). Only the
 * contact's name, e-mail and phone are required, and only at the final submit;
 * the fields marked * in the spec are not enforced. Every text is capped; the
 * one-line ones (the business's name, the contact's) are one line, as on
 * every lead form (oneLineText).
 */
const text = (max: number) => z.string().trim().max(max, leadMessages.tooLong(max)).optional()
const required = (max: number) => z.string({ error: BRIEFING_REQUIRED_MESSAGE }).trim().min(1, BRIEFING_REQUIRED_MESSAGE).max(max, leadMessages.tooLong(max))
const choice = <Value extends string>(values: [Value, ...Value[]]) => z.enum(values, { error: 'Escolha uma das opções da lista.' }).optional()

export const briefingSchema = z
  .object({
    businessName: oneLineText(BRIEFING_TEXT_LIMITS.businessName).optional(),
    businessType: choice(valuesOf(BUSINESS_TYPES)),
    agentPurpose: choice(valuesOf(AGENT_PURPOSES)),
    mainGoals: text(BRIEFING_TEXT_LIMITS.mainGoals),
    targetAudience: text(BRIEFING_TEXT_LIMITS.targetAudience),
    platforms: z
      .array(z.enum(valuesOf(PLATFORMS)))
      .max(PLATFORMS.length)
      .optional(),
    tone: choice(valuesOf(TONES)),
    operatingHours: choice(valuesOf(OPERATING_HOURS)),
    specificFeatures: text(BRIEFING_TEXT_LIMITS.specificFeatures),
    integration: text(BRIEFING_TEXT_LIMITS.integration),
    additionalInfo: text(BRIEFING_TEXT_LIMITS.additionalInfo),
    name: oneLineText(LEAD_FIELD_LIMITS.name, { min: 1, minMessage: BRIEFING_REQUIRED_MESSAGE }),
    email: emailText(BRIEFING_REQUIRED_MESSAGE, leadMessages.email)
      .regex(EMAIL_PATTERN, leadMessages.email)
      .transform((value) => value.toLowerCase()),
    country: z.enum(COUNTRIES.map((country) => country.code) as [string, ...string[]]).default(DEFAULT_COUNTRY.code),
    phone: required(LEAD_FIELD_LIMITS.phone),
  })
  .superRefine((value, context) => {
    const country = countryByCode(value.country) ?? DEFAULT_COUNTRY
    const digits = value.phone.replace(/\D/g, '')
    if (digits.length === 0 || digits.length > country.maxLength) context.addIssue({ code: 'custom', message: BRIEFING_PHONE_MESSAGE, path: ['phone'] })
  })

/** The wizard's fields before parsing: the type its `useForm` is given. */
export type BriefingFields = z.input<typeof briefingSchema>
export type BriefingInput = z.output<typeof briefingSchema>
