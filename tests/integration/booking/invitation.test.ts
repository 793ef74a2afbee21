/**
 * The strategy session's e-mails (issue 44, item 5), through the outbox to a
 * real SMTP server started here (tests/support/smtp-stand-in.ts): a booking
 * sends the person and the sales team an invitation whose `.ics` (read back
 * with ical.js) has METHOD:REQUEST, the booking's UID, Brasília's zone and the
 * meeting link; the reminders wait for their moment; the signed link in the
 * e-mail shows the session and cancels it, which frees the slot, skips the
 * reminder still to come and sends METHOD:CANCEL for the same UID. A second
 * cancel, a tampered link and a past session get their Portuguese answer.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BookingOutside } from '~/booking/booking-effects.server'
import { changeFromPost, loadManagedSession, manageMessages } from '~/booking/booking-manage.server'
import { bookFromPost, loadBookingPage, slotValue } from '~/booking/booking-page.server'
import { BOOKING_EMAIL_TARGET, bookingEmailHandlers, type BookingMailSettings } from '~/booking/invitation.server'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import type { SchedulingSettings } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { deliverOutbox } from '~/leads/outbox.server'
import { brasiliaMoment } from '~/utils/dates'
import { bookings, outbox } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { readInvitation } from '../../support/invitation'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, cookieFrom, leadPost, TEST_SITE, VISITOR, pageView } from '../../support/lead-requests'
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from '../../support/smtp-stand-in'

/** A Monday morning in Brasília; the session is booked for Tuesday at 09:00 with Ana Ribeiro (a video call). */
const NOW = brasiliaMoment('2026-03-30', '06:00')
const TUESDAY = '2026-03-31'
const START = brasiliaMoment(TUESDAY, '09:00')
const HOUR = 3_600_000
const SALES = ['vendas@alavanca.example.com.br']

beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

const form = (path: string, cookie: string, fields: Record<string, string>) =>
  new Request(`${TEST_SITE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields),
  })

/** The calendar part of a received e-mail (text/calendar), read back by ical.js. */
function calendarOf(mail: ReceivedMail) {
  const part = mail.mail.attachments.find((attachment) => attachment.contentType === 'text/calendar')
  expect(part, 'the e-mail has a text/calendar part').toBeDefined()
  return readInvitation(part!.content.toString('utf8'))
}

describe.each(testDatabaseTargets())('the session e-mails on $kind', ({ open }) => {
  const { pipeline, db } = leadPipelineFixture(open)
  let smtp: SmtpStandIn
  let settings: SchedulingSettings
  beforeAll(async () => {
    settings = await getSchedulingSettings()
    smtp = await startSmtpStandIn()
  })
  afterAll(() => smtp?.close())
  beforeEach(() => {
    smtp.received.length = 0
    smtp.answer(() => ({ kind: 'accept' }))
  })

  const mail = (): BookingMailSettings => ({ smtpUrl: smtp.url, to: SALES, from: 'Alavanca Digital <sessoes@alavanca.example.com.br>', siteUrl: TEST_SITE })
  const outside = (): BookingOutside => ({ siteUrl: TEST_SITE, mail: mail(), calendar: null, crms: [] })
  /** The outbox worker as a given moment sees it: only the session's e-mails. */
  const deliver = (at: Date) =>
    deliverOutbox({
      db: db(),
      timing: { timeoutMs: 2_000, retryScheduleMs: [1_000] },
      webhook: { url: null, secret: null, inlineTimeoutMs: 0 },
      handlers: bookingEmailHandlers(mail()),
      now: () => at,
    })
  const rows = () => db().select().from(outbox).where(eq(outbox.target, BOOKING_EMAIL_TARGET))

  /** Someone sends /contato's form, then books Tuesday 09:00 with Ana Ribeiro: their cookies and e-mail. */
  async function bookTuesdayNine() {
    const email = `${crypto.randomUUID()}@exemplo.com.br`
    const outcome = await handleLeadAction({
      request: leadPost('/contato', { ...CONTACT_FIELDS, name: 'Helena Duarte Lima', email }),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the lead was refused: ${outcome.status}`)
    const cookie = cookieFrom(outcome.headers)
    const booked = await bookFromPost({
      db: db(),
      request: form(`/agendar?dia=${TUESDAY}`, cookie, { horario: slotValue({ specialist: 'ana-ribeiro', start: START }) }),
      settings,
      now: NOW,
      outside: outside(),
    })
    if (!booked.ok || !booked.bookingId) throw new Error('the slot was not booked')
    return { cookie, email, bookingId: booked.bookingId }
  }

  it('sends the invitation to the person and the team with a valid .ics, the reminders at their time, and cancels by the signed link', async () => {
    const { cookie, email, bookingId } = await bookTuesdayNine()

    // Written with the booking: two invitations now, a reminder the day before and one an hour before.
    const written = await rows()
    expect(written.map((row) => [row.event, row.nextAttemptAt.toISOString()]).sort()).toEqual(
      [
        [`invitation:${bookingId}`, NOW.toISOString()],
        [`invitation-team:${bookingId}`, NOW.toISOString()],
        [`reminder-1h:${bookingId}`, new Date(START.getTime() - HOUR).toISOString()],
        [`reminder-24h:${bookingId}`, new Date(START.getTime() - 24 * HOUR).toISOString()],
      ].sort(),
    )

    // Monday 06:00: the invitations go, not the reminders.
    expect(await deliver(NOW)).toMatchObject({ delivered: 2, pending: 0, failed: 0 })
    const toPerson = smtp.received.find((message) => message.envelope.to.includes(email))!
    const toTeam = smtp.received.find((message) => message.envelope.to.includes(SALES[0]!))!
    expect(smtp.received).toHaveLength(2)
    expect(toPerson.mail.subject).toBe('Sessão Estratégica confirmada: terça-feira, 31 de março de 2026, às 09:00')
    expect(toPerson.mail.text).toContain('Olá, Helena!')
    expect(toPerson.mail.text).toContain('terça-feira, 31 de março de 2026, das 09:00 às 09:30 (horário de Brasília)')
    expect(toPerson.mail.text).toContain('https://meet.google.com/abc-defg-hij')
    // The team: the sales address and the session's specialist (her Studio entry's e-mail).
    expect(toTeam.envelope.to).toEqual([...SALES, 'ana.ribeiro@alavancadigital.com.br'])
    expect(toTeam.mail.subject).toBe('Sessão agendada: Helena Duarte Lima · terça-feira, 31 de março de 2026, 09:00')
    expect(toTeam.mail.text).toContain(`E-mail: ${email}`)
    expect(toTeam.mail.text).toContain(`Ver o lead no painel: ${TEST_SITE}/admin/leads/`)

    const invitation = calendarOf(toPerson)
    expect(invitation).toMatchObject({
      method: 'REQUEST',
      uid: `sessao-${bookingId}@localhost`,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'America/Sao_Paulo',
      zoneOffset: '-03:00',
      wallStart: '2026-03-31T09:00:00',
      start: START,
      end: brasiliaMoment(TUESDAY, '09:30'),
      location: 'https://meet.google.com/abc-defg-hij',
      organizer: 'mailto:sessoes@alavanca.example.com.br',
      attendees: [`mailto:${email}`],
    })
    expect(calendarOf(toTeam).uid).toBe(invitation.uid)

    // Monday 09:00: the day-before reminder, to the person only; Tuesday's stays for later.
    smtp.received.length = 0
    expect(await deliver(new Date(START.getTime() - 24 * HOUR))).toMatchObject({ delivered: 1 })
    expect(smtp.received.map((message) => [message.envelope.to, message.mail.subject])).toEqual([
      [[email], 'Lembrete: sua Sessão Estratégica é amanhã, às 09:00'],
    ])

    // The link in the e-mail: the session, then its cancel.
    const link = new URL(/http:\/\/localhost:3000\/agendar\/sessao\?t=\S+/.exec(toPerson.mail.text ?? '')![0])
    const token = link.searchParams.get('t')!
    const view = await loadManagedSession({ db: db(), token, settings, now: NOW })
    expect(view).toMatchObject({ ok: true, firstName: 'Helena', status: 'booked', session: { specialist: 'Ana Ribeiro' } })
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await loadManagedSession({ db: db(), token: tampered, settings, now: NOW })).toEqual({ ok: false, status: 400, message: manageMessages.invalid })
    // The page opened without a link: where the link is, not a refusal.
    expect(await loadManagedSession({ db: db(), token: null, settings, now: NOW })).toEqual({ ok: false, noLink: true, message: manageMessages.noLink })

    smtp.received.length = 0
    const cancelled = await changeFromPost({
      db: db(),
      request: form(link.pathname + link.search, '', { t: token, acao: 'cancelar' }),
      settings,
      now: NOW,
      outside: outside(),
    })
    expect(cancelled).toMatchObject({ ok: true, intent: 'cancelar', headers: { 'Set-Cookie': expect.stringMatching(/^lead_agenda=/) } })
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('cancelled')
    const after = new Map((await rows()).map((row) => [row.event, row.status]))
    expect(after.get(`reminder-1h:${bookingId}`)).toBe('skipped')
    expect(after.get(`reminder-24h:${bookingId}`)).toBe('delivered')

    // The cancellation, same UID, a higher sequence; and no reminder even when its time comes.
    expect(await deliver(new Date(START.getTime() - HOUR))).toMatchObject({ delivered: 2 })
    expect(smtp.received).toHaveLength(2)
    const cancellation = calendarOf(smtp.received.find((message) => message.envelope.to.includes(email))!)
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: invitation.uid, sequence: 1, status: 'CANCELLED', start: START })

    // The slot is free again for the next visitor, and a second cancel is told so.
    const page = await loadBookingPage({
      db: db(),
      request: pageView(`/agendar?dia=${TUESDAY}`, { Cookie: cookie }),
      settings,
      now: NOW,
      day: TUESDAY,
      outside: outside(),
    })
    expect(page.day!.specialists.find((item) => item.key === 'ana-ribeiro')!.slots[0]!.time).toBe('09:00')
    expect(
      await changeFromPost({ db: db(), request: form('/agendar/sessao', '', { t: token, acao: 'cancelar' }), settings, now: NOW, outside: outside() }),
    ).toMatchObject({
      ok: false,
      status: 409,
      message: manageMessages.alreadyCancelled,
    })

    // After the meeting's end the link is worth nothing.
    expect(await loadManagedSession({ db: db(), token, settings, now: brasiliaMoment(TUESDAY, '09:30') })).toEqual({
      ok: false,
      status: 410,
      message: manageMessages.passed,
    })
  })

  it('"remarcar" keeps the session until a new time is booked, then replaces it in one step; a taken time leaves it as it was', async () => {
    const { bookingId } = await bookTuesdayNine()
    const [invitationRow] = (await rows()).filter((row) => row.event === `invitation:${bookingId}`)
    const token = /t=(\S+)/.exec(String(invitationRow!.payload.text))![1]!
    const answer = await changeFromPost({
      db: db(),
      request: form('/agendar/sessao', '', { t: token, acao: 'remarcar' }),
      settings,
      now: NOW,
      outside: outside(),
    })
    expect(answer).toMatchObject({ ok: true, intent: 'remarcar', location: '/agendar?trocar=1' })
    // Nothing changed yet: the session and its messages stand.
    const statusOf = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!.status
    expect(await statusOf(bookingId)).toBe('booked')
    expect((await rows()).map((row) => row.status)).toEqual(['pending', 'pending', 'pending', 'pending'])

    // The answer's cookie: /agendar?trocar=1 shows the session and the times to pick from.
    const cookie = (answer as { headers: Record<string, string> }).headers['Set-Cookie']!.split(';')[0]!
    const page = await loadBookingPage({
      db: db(),
      request: pageView('/agendar?trocar=1', { Cookie: cookie }),
      settings,
      now: NOW,
      day: TUESDAY,
      outside: outside(),
    })
    expect(page).toMatchObject({ rescheduling: true, booked: { time: '09:00' }, visitor: { firstName: 'Helena' } })
    expect(page.day!.specialists.find((item) => item.key === 'ana-ribeiro')!.slots.map((slot) => slot.time)).toContain('10:00')

    // Someone else takes Tuesday 10:00 first: Helena's move there is refused, and her session stays as it was.
    const other = await handleLeadAction({
      request: leadPost('/contato', { ...CONTACT_FIELDS, name: 'Marcos Teixeira', email: `${crypto.randomUUID()}@exemplo.com.br` }),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (other.status !== 'success') throw new Error('the lead was refused')
    const ten = slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment(TUESDAY, '10:00') })
    const move = (by: string, fields: Record<string, string>) =>
      bookFromPost({ db: db(), request: form(`/agendar?dia=${TUESDAY}&trocar=1`, by, fields), settings, now: NOW, outside: outside() })
    expect(await move(cookieFrom(other.headers), { horario: ten })).toMatchObject({ ok: true })
    const written = (await rows()).length
    expect(await move(cookie, { horario: ten, trocar: '1' })).toMatchObject({ ok: false, status: 409, message: 'Esse horário acabou de ser reservado' })
    expect(await statusOf(bookingId)).toBe('booked')
    expect(await rows()).toHaveLength(written)

    // A free time: the session moves in one step, the old one's unsent messages skipped, the new one's written.
    const moved = await move(cookie, { horario: slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment(TUESDAY, '11:00') }), trocar: '1' })
    expect(moved).toMatchObject({ ok: true, bookingId: expect.any(String) })
    const newId = (moved as { bookingId: string }).bookingId
    expect([await statusOf(bookingId), await statusOf(newId)]).toEqual(['cancelled', 'booked'])
    const after = new Map((await rows()).map((row) => [row.event, row.status]))
    expect(after.get(`invitation:${bookingId}`)).toBe('skipped')
    expect(after.get(`reminder-1h:${bookingId}`)).toBe('skipped')
    expect(after.get(`invitation:${newId}`)).toBe('pending')
    // The person hears of the new time only (the old invitation never went out, so no cancellation either).
    smtp.received.length = 0
    await deliver(NOW)
    const person = String((invitationRow!.payload.to as string[])[0])
    expect(smtp.received.filter((message) => message.envelope.to.includes(person)).map((message) => message.mail.subject)).toEqual([
      'Sessão Estratégica confirmada: terça-feira, 31 de março de 2026, às 11:00',
    ])
  })

  it('refuses an unknown action and a forged token, never a 500', async () => {
    const { bookingId } = await bookTuesdayNine()
    const [row] = (await rows()).filter((item) => item.event === `invitation:${bookingId}`)
    const token = /t=(\S+)/.exec(String(row!.payload.text))![1]!
    const post = (fields: Record<string, string>) =>
      changeFromPost({ db: db(), request: form('/agendar/sessao', '', fields), settings, now: NOW, outside: outside() })
    expect(await post({ t: token, acao: 'apagar' })).toMatchObject({ ok: false, status: 400, message: manageMessages.unknownIntent })
    expect(await post({ t: 'x', acao: 'cancelar' })).toMatchObject({ ok: false, status: 400, message: manageMessages.invalid })
    expect(await post({ acao: 'cancelar' })).toMatchObject({ ok: false, status: 400, message: manageMessages.invalid })
    expect(await post({ t: token })).toMatchObject({ ok: false, status: 400, message: manageMessages.unknownIntent })
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId))
    expect(booking!.status).toBe('booked')
  })
})
