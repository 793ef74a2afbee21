/**
 * Where a lead goes besides the database, as configured by the environment:
 * the sales e-mail (sales-alert.server.ts) and the CRMs (crm.server.ts), and
 * the outbox handlers that send their rows. One place, read by the lead
 * service (which rows a lead gets), the outbox worker (which rows it sends)
 * and the admin (which rows can be sent here). The webhook and the conversion
 * APIs have their own settings in OutboxDeps.
 */
import type { AnyDeliveryTarget } from '~/delivery/target'
import type { Env } from '~/utils/env.server'
import { getDatabase } from '../../db/client'
import { crmHandlers, crmSettingsFromEnv, type CrmSettings } from './crm.server'
import type { TargetHandler } from './outbox.server'
import { pipedriveHandlers, pipedriveSettingsFromEnv, type PipedriveSettings } from './pipedrive.server'
import { salesAlertHandlers, salesAlertSettingsFromEnv, type SalesAlertSettings } from './sales-alert.server'

export type LeadTargets = {
  salesAlert: SalesAlertSettings | null
  crms: CrmSettings
  pipedrive: PipedriveSettings | null
  handlers: Record<string, TargetHandler | AnyDeliveryTarget>
}

export function leadTargetsFromEnv(env: Env): LeadTargets {
  const salesAlert = salesAlertSettingsFromEnv(env)
  const crms = crmSettingsFromEnv(env)
  const pipedrive = pipedriveSettingsFromEnv(env)
  return {
    salesAlert,
    crms,
    pipedrive,
    handlers: { ...salesAlertHandlers(salesAlert), ...crmHandlers(crms), ...pipedriveHandlers(pipedrive, () => getDatabase(env).db) },
  }
}
