/**
 * A lead as its delivery targets see it once it is stored: what each target's
 * `rowFor` builds its row from (ADR 054). The lead service makes one per
 * lead, in the lead's transaction, and asks every configured target for its
 * row; a new target reads what it needs here and touches no other file.
 */
import type { DeliveryTarget } from '~/delivery/target'
import type { ConversionLead } from './conversions.server'
import type { CrmLead } from './crm.server'

export type StoredLead = CrmLead & {
  leadId: string
  /** The first page of the visit, for the sales e-mail. */
  landingPage: string
  /** Whether the visitor accepted marketing cookies: the conversion APIs hear only of those leads (ADR 031). */
  marketingConsent: boolean
  /** The lead as the conversion APIs see it. */
  conversion: ConversionLead
}

/** A delivery target that wants a row for each stored lead. */
export type LeadTarget<Payload> = DeliveryTarget<Payload, StoredLead>
