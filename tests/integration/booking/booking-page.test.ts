/**
 * The booking page without HTTP (issue 44, item 3): a stored lead's answer
 * lets its sender book without typing again, from their own signed cookie;
 * the page offers the free slots of the seed's settings, books one, then
 * shows it; a slot someone took first, a forged or stale slot, and a visitor
 * without a lead get their Portuguese answer and a 4xx, never a booking.
 * On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_OUTSIDE } from '~/booking/booking-effects.server'
import { bookFromPost, loadBookingPage, slotValue } from '~/booking/booking-page.server'
import { SLOT_TAKEN_MESSAGE } from '~/booking/slots'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import type { SchedulingSettings } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'
import { bookingVisitorCookie } from '~/leads/booking-visitor.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { handoffMessage, readHandoff } from '~/leads/whatsapp-handoff.server'
import { brasiliaMoment } from '~/utils/dates'
import { bookings } from '../../../db/schema'
import { testDatabaseTargets } from '../../support/databases'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, TEST_SITE, VISITOR } from '../../support/lead-requests'

/** A Monday morning in Brasília: the seed's specialists work from 09:00, the notice is two hours. */
const NOW = brasiliaMoment('2026-03-30', '06:00')

beforeAll(() => setContentSource(createSeedSource()))
afterAll(() => setContentSource(undefined))

const post = (cookie: string, fields: Record<string, string>) =>
  new Request(`${TEST_SITE}/agendar`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields),
  })

describe.each(testDatabaseTargets())('the booking page on $kind', ({ open }) => {
  const { pipeline, db } = leadPipelineFixture(open)
  let settings: SchedulingSettings
  beforeAll(async () => {
    settings = await getSchedulingSettings()
  })

  /** Someone sends /contato's form: the cookies their browser then holds. */
  async function visitorWithLead(name = 'Rafael Nogueira Prado'): Promise<string> {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', { ...CONTACT_FIELDS, name, email: `${crypto.randomUUID()}@exemplo.com.br` }),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the lead was refused: ${outcome.status}`)
    const setCookie = outcome.headers.getSetCookie().find((cookie) => cookie.startsWith('lead_agenda='))!
    expect(setCookie).toMatch(/Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax/)
    return cookieFrom(outcome.headers)
  }

  const page = (cookie: string, day: string | null = null) =>
    loadBookingPage({ db: db(), request: pageView('/agendar', { Cookie: cookie }), settings, now: NOW, day, outside: NO_OUTSIDE(TEST_SITE) })
  const book = (cookie: string, fields: Record<string, string>) =>
    bookFromPost({ db: db(), request: post(cookie, fields), settings, now: NOW, outside: NO_OUTSIDE(TEST_SITE) })
  const nineOClock = (day = '2026-03-30') => slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment(day, '09:00') })

  it('greets the person who just sent a lead by first name, books the slot they pick for that lead, then shows it', async () => {
    const cookie = await visitorWithLead()
    const view = await page(cookie)
    expect(view.visitor).toEqual({ firstName: 'Rafael', form: { analyticsName: 'contact_form', location: 'contact_page' } })
    expect(view.booked).toBeNull()
    // The first day with a free slot: today, from the notice on (08:00 plus two hours would be 08:00; work starts at 09:00).
    expect(view.day?.label).toBe('segunda-feira, 30 de março de 2026')
    const ana = view.day!.specialists.find((item) => item.key === 'ana-ribeiro')!
    expect(ana.slots[0]).toEqual({ value: nineOClock(), time: '09:00', label: 'segunda-feira, 30 de março de 2026, das 09:00 às 09:30, com Ana Ribeiro' })

    const booked = await book(cookie, { horario: nineOClock() })
    expect(booked).toMatchObject({ ok: true, bookingId: expect.any(String) })
    // The WhatsApp handoff now names the session (its cookie set anew by the booking's answer).
    const handoff = await readHandoff(
      new Request(TEST_SITE, { headers: { Cookie: (booked as { headers: Record<string, string> }).headers['Set-Cookie']!.split(';')[0]! } }),
      NOW.getTime(),
    )
    expect(handoffMessage(handoff!)).toBe(
      'Olá! Sou Rafael Nogueira Prado e acabei de agendar pelo site a Sessão Estratégica para segunda-feira, 30 de março de 2026, às 09:00 (horário de Brasília). Podemos conversar antes?',
    )
    const [row] = await db().select().from(bookings)
    expect(row).toMatchObject({ specialist: 'ana-ribeiro', startsAt: brasiliaMoment('2026-03-30', '09:00'), status: 'booked' })

    const after = await page(cookie)
    expect(after.booked).toMatchObject({ label: 'segunda-feira, 30 de março de 2026, às 09:00 (horário de Brasília)', specialist: 'Ana Ribeiro' })
    // The next visitor no longer sees it.
    const next = await page(await visitorWithLead('Joana Lima'))
    expect(next.day!.specialists.find((item) => item.key === 'ana-ribeiro')!.slots.map((slot) => slot.time)).not.toContain('09:00')
    // A second post of the first visitor books nothing more: their booking stands.
    expect(await book(cookie, { horario: slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment('2026-03-30', '10:00') }) })).toEqual({
      ok: true,
      bookingId: null,
    })
    expect(await db().select().from(bookings)).toHaveLength(1)
  })

  it('two people posting one slot at once: one booking, and the other is told it was just taken, with the times left', async () => {
    const [first, second] = await Promise.all([visitorWithLead('Ana Paula'), visitorWithLead('Bruno Costa')])
    const slot = nineOClock('2026-03-31')
    const results = await Promise.all([book(first!, { horario: slot }), book(second!, { horario: slot })])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, status: 409, message: SLOT_TAKEN_MESSAGE, field: true }])
    const loser = results[0]!.ok ? second! : first!
    const times = (await page(loser, '2026-03-31')).day!.specialists.find((item) => item.key === 'ana-ribeiro')!.slots.map((item) => item.time)
    expect(times[0]).toBe('09:30')
    expect(
      await db()
        .select()
        .from(bookings)
        .where(eq(bookings.startsAt, brasiliaMoment('2026-03-31', '09:00'))),
    ).toHaveLength(1)
  })

  it('refuses, in Portuguese and with a 4xx, a slot that is missing, forged, past, off the grid, outside the hours, on a holiday or beyond the horizon', async () => {
    const cookie = await visitorWithLead()
    const at = (day: string, time: string, specialist = 'ana-ribeiro') => slotValue({ specialist, start: brasiliaMoment(day, time) })
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 400, 'Escolha um horário.'],
      [{ horario: '' }, 400, 'Escolha um horário.'],
      [{ horario: 'ana-ribeiro' }, 400, 'Escolha um dos horários da lista.'],
      [{ horario: 'ana-ribeiro@amanhã' }, 400, 'Escolha um dos horários da lista.'],
      [{ horario: 'ana-ribeiro@2026-03-30T12:00:00Z' }, 400, 'Escolha um dos horários da lista.'],
      [{ horario: 'x'.repeat(500) }, 400, 'Escolha um dos horários da lista.'],
      [{ horario: at('2026-03-31', '09:00', 'fulano') }, 400, 'Escolha um dos especialistas da lista.'],
      [{ horario: at('2026-03-27', '09:00') }, 400, 'Esse horário já passou. Escolha outro.'],
      [{ horario: at('2026-03-30', '07:00') }, 400, 'Agende com pelo menos 2 horas de antecedência. Escolha um horário mais tarde.'],
      [{ horario: at('2026-03-31', '09:10') }, 400, 'Esse horário não está na agenda. Escolha um dos horários disponíveis.'],
      [{ horario: at('2026-03-31', '22:00') }, 400, 'Esse horário está fora do expediente. Escolha um dos horários disponíveis.'],
      [{ horario: at('2026-04-03', '09:00') }, 400, 'Não há atendimento nesse dia. Escolha outra data.'],
      [{ horario: at('2026-05-04', '09:00') }, 400, 'A agenda está aberta para os próximos 14 dias. Escolha uma data mais próxima.'],
    ]
    for (const [fields, status, message] of cases) {
      expect({ fields, result: await book(cookie, fields) }).toEqual({ fields, result: { ok: false, status, message, field: true } })
    }
    expect(await db().select().from(bookings)).toHaveLength(0)
  })

  it('asks a visitor without a lead, or with a tampered or stale cookie, or one naming no lead, to send their contact first', async () => {
    const cookie = await visitorWithLead()
    const stale = (await bookingVisitorCookie(pageView('/'), { leadId: crypto.randomUUID(), name: 'Robô' }, Date.now())).split(';')[0]!
    const expired = (await bookingVisitorCookie(pageView('/'), { leadId: crypto.randomUUID(), name: 'Antigo' }, NOW.getTime() - 86_400_001)).split(';')[0]!
    for (const visitor of ['', cookie.replace(/lead_agenda=[^;]+/, 'lead_agenda=eyJsZWFkSWQiOiJ4In0%3D.assinatura'), stale, expired]) {
      expect((await page(visitor)).visitor).toBeNull()
      expect(await book(visitor, { horario: nineOClock() })).toEqual({
        ok: false,
        status: 403,
        message: 'Para agendar, envie antes o formulário de contato: assim sabemos com quem vamos conversar.',
        field: false,
      })
    }
    expect(await db().select().from(bookings)).toHaveLength(0)
  })
})
