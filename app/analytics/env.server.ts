import { z } from 'zod'
import { optional } from '~/utils/env-fields'

/**
 * Environment variables owned by measurement (ADR 031). All optional: with
 * none set, the data layer still collects the site's events (for a tag
 * manager added later, and for /demo/origin-tracking), and nothing loads
 * from a third party.
 */
export const analyticsEnvShape = {
  // Google Tag Manager container, e.g. GTM-ABC1234: loads only after the visitor accepts.
  GTM_ID: optional(
    z
      .string()
      .trim()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, { message: 'must be a Google Tag Manager container id such as GTM-ABC1234' }),
  ),
  // Subscribe with Google's product id (publication id), e.g. CAowqfCKCw: its script loads on every page when set.
  SUBSCRIPTION_PRODUCT_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\w.-]{2,100}$/, { message: 'must be a Subscribe with Google product id: letters, digits, dots, dashes or underscores' }),
  ),
} satisfies z.ZodRawShape
