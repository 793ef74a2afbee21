/**
 * The lead targets configured by the environment besides the webhook and the
 * conversion APIs: the sales e-mail (sales-alert.server.ts), the CRMs
 * (crm.server.ts) and Pipedrive (pipedrive.server.ts), each a LeadTarget
 * that builds its row for a stored lead and sends it. Read by the lead
 * service (which rows a lead gets), the one list of targets
 * (app/server/delivery-targets.server.ts) and the admin.
 */
import type { AnyDeliveryTarget } from '~/delivery/target'
import type { Env } from '~/utils/env.server'
import { getDatabase } from '../../db/client'
import { crmHandlers, crmSettingsFromEnv } from './crm.server'
import { pipedriveHandlers, pipedriveSettingsFromEnv } from './pipedrive.server'
import { salesAlertHandlers, salesAlertSettingsFromEnv } from './sales-alert.server'

/** Each of them by name, configured or not (one without its settings has `configured: false`: a lead gets no row of it). */
export function leadTargetsFromEnv(env: Env): Record<string, AnyDeliveryTarget> {
  return {
    ...salesAlertHandlers(salesAlertSettingsFromEnv(env)),
    ...crmHandlers(crmSettingsFromEnv(env)),
    ...pipedriveHandlers(pipedriveSettingsFromEnv(env), () => getDatabase(env).db),
  }
}
