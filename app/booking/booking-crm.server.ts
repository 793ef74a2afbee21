/**
 * What the CRMs hear of a booked session (issue 44, item 6; ADR 056), as
 * rows of their own targets written in the booking's transaction, so each
 * hears of it once, through the same throttles and retries as a lead:
 * - RD Station: a conversion named `sessao-estrategica-agendada`, with the
 *   time and the specialist in two custom fields (`cf_sessao_estrategica`,
 *   `cf_especialista_sessao`);
 * - HubSpot: a submission of the session's own form
 *   (`HUBSPOT_FORM_GUID_SESSION`), whose field `sessao_estrategica` carries
 *   the time;
 * - Pipedrive: a meeting activity on the person (pipedrive.server.ts).
 * A cancellation skips those not sent yet; one already sent stays, and the
 * team's cancellation e-mail says so.
 */
import { consentNotice, crmSettingsFromEnv, hubspotForm, rdConversion, SESSION_ROW_FORM, type CrmContact, type CrmRowPayload } from '~/leads/crm.server'
import { leadFormKeyOf } from '~/leads/lead-forms'
import { storedPhoneE164 } from '~/leads/phone-e164'
import { PIPEDRIVE_TARGET, pipedriveSettingsFromEnv, type PipedriveRowPayload } from '~/leads/pipedrive.server'
import type { Env } from '~/utils/env.server'
import type { Transaction } from '../../db/client'
import { bookingMailCopy } from './booking-mail-copy'
import { bookingEvent, insertBookingRows, skipUnsentRows } from './booking-rows.server'
import type { Booking } from './bookings.server'
import type { BookedSession } from './invitation.server'

export const bookingCrms = ['rdstation', 'hubspot', PIPEDRIVE_TARGET] as const
export type BookingCrm = (typeof bookingCrms)[number]

/**
 * The CRMs configured now (the targets whose rows would otherwise wait, pending). HubSpot only with the
 * booking's own form: another form would refuse the session's field (FIELD_NOT_IN_FORM_DEFINITION).
 */
export function bookingCrmsFromEnv(env: Env): BookingCrm[] {
  const crm = crmSettingsFromEnv(env)
  const configured: Record<BookingCrm, boolean> = {
    rdstation: crm.rdstation !== null,
    hubspot: crm.hubspot?.sessionFormGuid != null,
    pipedrive: pipedriveSettingsFromEnv(env) !== null,
  }
  return bookingCrms.filter((name) => configured[name])
}

const EVENT = 'crm-booked'

/** RD Station's name for a booked session, which its automations trigger on. */
export const SESSION_CONVERSION = 'sessao-estrategica-agendada'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000

/** A length as Pipedrive reads it: 'HH:MM'. */
const hoursAndMinutes = (ms: number) =>
  `${String(Math.floor(ms / HOUR_MS)).padStart(2, '0')}:${String(Math.floor((ms % HOUR_MS) / MINUTE_MS)).padStart(2, '0')}`

/** In the booking's transaction (bookSlot's `alsoWrite`): one row for each configured CRM. */
export async function writeBookingCrmRows(
  tx: Transaction,
  booking: Booking,
  { lead, origin, session }: BookedSession,
  { crms, siteUrl, now }: { crms: readonly BookingCrm[]; siteUrl: string; now: Date },
): Promise<void> {
  const form = leadFormKeyOf(origin.source)
  const contact: CrmContact = {
    email: lead.email,
    name: lead.name,
    phoneE164: storedPhoneE164(lead.phone, form === 'briefing'),
    company: lead.company,
    utmSource: origin.utmSource,
    utmMedium: origin.utmMedium,
    utmCampaign: origin.utmCampaign,
  }
  const when = bookingMailCopy.crm.when(session)
  const reference = `#${booking.id.slice(0, 8)}`
  const payloads: Record<BookingCrm, () => CrmRowPayload | PipedriveRowPayload> = {
    rdstation: () => ({
      form: SESSION_ROW_FORM,
      body: rdConversion(SESSION_CONVERSION, contact, { cf_sessao_estrategica: when, cf_especialista_sessao: session.specialist }),
    }),
    hubspot: () => ({
      form: SESSION_ROW_FORM,
      body: hubspotForm({
        contact,
        own: { sessao_estrategica: when },
        submittedAt: now,
        context: { pageUri: `${siteUrl}/agendar`, pageName: bookingMailCopy.summary },
        notice: consentNotice(form ?? 'contact'),
      }),
    }),
    pipedrive: () => ({
      form: SESSION_ROW_FORM,
      title: bookingMailCopy.crm.subject(lead.name, reference),
      reference,
      person: { name: lead.name, email: lead.email, phone: contact.phoneE164 },
      activity: {
        dueDate: booking.startsAt.toISOString().slice(0, 10),
        dueTime: booking.startsAt.toISOString().slice(11, 16),
        duration: hoursAndMinutes(booking.endsAt.getTime() - booking.startsAt.getTime()),
        note: bookingMailCopy.crm.note(session, `${siteUrl}/admin/leads/${booking.leadId}`),
      },
    }),
  }
  for (const name of crms) await insertBookingRows(tx, booking, name, [{ event: bookingEvent(EVENT, booking), payload: payloads[name]() }], now)
}

/**
 * In the cancellation's transaction: the CRMs' rows of the booking not sent yet are skipped, for every CRM,
 * not only those configured now: a CRM configured when the session was booked and unset since keeps its row
 * pending, and would otherwise announce a cancelled session once set again.
 */
export const skipBookingCrmRows = (tx: Transaction, booking: Booking) => skipUnsentRows(tx, bookingCrms, [bookingEvent(EVENT, booking)])
