import { expect, type Page } from '@playwright/test'
import type { Delivery } from './deliveries'

export type PushedEvent = Record<string, unknown> & { event?: string }

/** The events pushed so far (Consent Mode's gtag calls are arguments objects without an `event`); none without JavaScript. */
export const dataLayerEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (entry): entry is Record<string, unknown> & { event?: string } => typeof entry === 'object' && entry !== null && 'event' in entry,
    ),
  )

/** Consent Mode's gtag calls so far ('consent default', 'consent update'), once the head script has read the visitor's cookie. */
export const consentCalls = (page: Page) =>
  page.evaluate(async () => {
    await (window as { consentChoice?: Promise<unknown> }).consentChoice
    return ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter((entry) => typeof entry === 'object' && entry !== null && 'length' in entry)
      .map((entry) =>
        Array.from(entry as ArrayLike<unknown>)
          .slice(0, 2)
          .join(' '),
      )
  })

/** The first event with this name, once it has been pushed. */
export async function eventNamed(page: Page, name: string): Promise<PushedEvent> {
  await expect.poll(async () => (await dataLayerEvents(page)).map((event) => event.event), { message: `dataLayer has ${name}` }).toContain(name)
  return (await dataLayerEvents(page)).find((event) => event.event === name)!
}

/** The events a form pushes before form_submission. */
const OWN_EVENTS = ['contact_form', 'lead_capture', 'newsletter_subscription']

type ExpectedLeadEvents = { ownEvent: string | null; formName: string; location: string; value: number }

/**
 * The events of a stored lead: the form's own
 * event, if it has one, and form_submission carrying the event id and the
 * session id the webhook delivered, the form's name, location and value.
 */
export async function expectLeadEvents(page: Page, { body }: Delivery, expected: ExpectedLeadEvents): Promise<PushedEvent> {
  const submission = await eventNamed(page, 'form_submission')
  expect(submission).toMatchObject({
    event_id: body.eventId,
    session_id: body.sessionId,
    external_id: body.sessionId,
    value: expected.value,
    currency: 'BRL',
    form_name: expected.formName,
    form_location: expected.location,
  })
  expect(submission.event_id).toMatch(/^[0-9a-f-]{36}$/)
  const own = (await dataLayerEvents(page)).filter((event) => OWN_EVENTS.includes(String(event.event)))
  expect(own).toEqual(expected.ownEvent ? [{ event: expected.ownEvent, form_name: expected.formName, form_location: expected.location }] : [])
  return submission
}
