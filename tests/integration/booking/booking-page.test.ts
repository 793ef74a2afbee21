/**
 * The booking page without HTTP (issue 44, item 3): a stored lead's answer
 * lets its sender book without typing again, from their own signed cookie;
 * the page offers the free slots of the seed's settings, books one, then
 * shows it; a slot someone took first, a forged or stale slot, and a visitor
 * without a lead get their Portuguese answer and a 4xx, never a booking.
 * A visitor without a lead gives their contact with the time: one lead of
 * /agendar's own form through the pipeline, then the booking; bad contact
 * fields get the forms' messages and a 400; a trapped bot books nothing and
 * is answered as a person; a time taken meanwhile leaves the lead stored and
 * the page saying why. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_OUTSIDE } from '~/booking/booking-effects.server'
import { bookAsNewLead, bookFromPost, loadBookingPage, slotValue } from '~/booking/booking-page.server'
import { SLOT_TAKEN_MESSAGE } from '~/booking/slots'
import { getSchedulingSettings, setContentSource } from '~/content/content.server'
import type { SchedulingSettings } from '~/content/schemas'
import { createSeedSource } from '~/content/source.server'
import { bookingVisitorCookie } from '~/leads/booking-visitor.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { handoffMessage, readHandoff } from '~/leads/whatsapp-handoff.server'
import { brasiliaMoment } from '~/utils/dates'
import { bookings, leads } from '../../../db/schema'
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
  const { pipeline, db, received, deliveredBody } = leadPipelineFixture(open)
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

  describe('a visitor without a lead', () => {
    const HELENA = { name: 'Helena Duarte Lima', phone: '(11) 98765-4321' }
    const tuesdayNine = slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment('2026-03-31', '09:00') })
    const bookNew = (fields: Record<string, string>, options: Parameters<typeof leadPost>[2] = {}) =>
      bookAsNewLead({
        db: db(),
        request: leadPost('/agendar', fields, options),
        settings,
        now: NOW,
        outside: NO_OUTSIDE(TEST_SITE),
        context: VISITOR,
        pipeline: pipeline(),
      })
    const pageAt = (cookie: string, search: string) =>
      loadBookingPage({
        db: db(),
        request: pageView(`/agendar${search}`, { Cookie: cookie }),
        settings,
        now: NOW,
        day: new URLSearchParams(search).get('dia'),
        outside: NO_OUTSIDE(TEST_SITE),
      })
    /** A stored lead's (or a trapped bot's) answer: the redirect and its headers. */
    const accepted = async (fields: Record<string, string>, options?: Parameters<typeof leadPost>[2]) => {
      const outcome = await bookNew(fields, options)
      if (outcome.status !== 'success') throw new Error('the post was refused')
      return outcome
    }
    /** A refused post's status and Conform reply. */
    const refused = async (fields: Record<string, string>) => {
      const outcome = await bookNew(fields)
      if (outcome.status !== 'error') throw new Error('the post was accepted')
      return { status: outcome.response.init?.status, errors: outcome.response.data.result.error }
    }

    it('gives name, e-mail and WhatsApp with the time: one lead of the booking page through the pipeline, the slot booked for it', async () => {
      const fresh = await page('')
      expect(fresh.visitor).toBeNull()
      expect(fresh.leadForm).toMatchObject({ form: 'booking', timer: expect.any(String) })
      expect(fresh.day!.specialists[0]!.slots.length).toBeGreaterThan(0)

      const email = `${crypto.randomUUID()}@exemplo.com.br`
      const outcome = await accepted({ ...HELENA, email, horario: tuesdayNine })
      expect(outcome.response.headers.get('Location')).toBe('/agendar')
      const [lead] = await db().select().from(leads).where(eq(leads.email, email))
      expect(lead).toMatchObject({ name: 'Helena Duarte Lima', phone: '(11) 98765-4321', source: 'agendamento_sessao', formId: 'strategy_session_booking' })
      expect(await db().select().from(bookings)).toEqual([
        expect.objectContaining({ leadId: lead!.id, specialist: 'ana-ribeiro', startsAt: brasiliaMoment('2026-03-31', '09:00'), status: 'booked' }),
      ])
      // The same pipeline as every form: the webhook heard of the lead.
      expect(received()).toHaveLength(1)
      expect(deliveredBody()).toMatchObject({ email, source: 'agendamento_sessao' })

      // From now on the page knows Helena and shows her session; the WhatsApp handoff names it.
      const cookie = cookieFrom(outcome.headers)
      expect(await page(cookie)).toMatchObject({ visitor: { firstName: 'Helena' }, booked: { time: '09:00', specialist: 'Ana Ribeiro' } })
      const handoff = await readHandoff(pageView('/', { Cookie: cookie }))
      expect(handoffMessage(handoff!)).toBe(
        'Olá! Sou Helena Duarte Lima e acabei de agendar pelo site a Sessão Estratégica para terça-feira, 31 de março de 2026, às 09:00 (horário de Brasília). Podemos conversar antes?',
      )
    })

    it("refuses missing or invalid contact fields and a forged time with the forms' messages and a 400, storing nothing", async () => {
      expect(await refused({ name: 'H', email: 'helena@', phone: '1234', horario: 'ana-ribeiro@amanhã' })).toEqual({
        status: 400,
        errors: {
          name: ['O nome deve ter pelo menos 2 caracteres.'],
          email: ['Por favor, insira um e-mail válido.'],
          phone: ['Por favor, insira um número de telefone válido (com DDD).'],
          horario: ['Escolha um dos horários da lista.'],
        },
      })
      expect(await refused({ ...HELENA, email: 'helena@exemplo.com.br', horario: '' })).toEqual({ status: 400, errors: { horario: ['Escolha um horário.'] } })
      expect(await db().select().from(leads)).toHaveLength(0)
      expect(await db().select().from(bookings)).toHaveLength(0)
    })

    it('books nothing for a trapped bot, whose answer is a booked person’s', async () => {
      const person = await accepted({ ...HELENA, email: `${crypto.randomUUID()}@exemplo.com.br`, horario: tuesdayNine })
      const bot = await accepted(
        { ...HELENA, email: 'robo@exemplo.com.br', horario: slotValue({ specialist: 'ana-ribeiro', start: brasiliaMoment('2026-03-31', '10:00') }) },
        { honeypot: 'https://spam.example' },
      )
      expect(bot).toMatchObject({ status: 'success', leadId: null })
      expect(await db().select().from(bookings)).toHaveLength(1)
      expect(await db().select().from(leads).where(eq(leads.email, 'robo@exemplo.com.br'))).toHaveLength(0)
      // The same answer: where it goes, and which cookies it sets.
      const cookieNames = (response: Response) =>
        response.headers
          .getSetCookie()
          .map((cookie) => cookie.split('=')[0])
          .sort()
      expect(bot.response.headers.get('Location')).toBe(person.response.headers.get('Location'))
      expect(cookieNames(bot.response)).toEqual(cookieNames(person.response))
    })

    it('keeps the lead when the time was taken meanwhile, and the page, knowing the person, says why with the times left', async () => {
      // Someone who sent /contato books Tuesday 09:00 first.
      expect(await book(await visitorWithLead('Marcos Teixeira'), { horario: tuesdayNine })).toMatchObject({ ok: true })
      const email = `${crypto.randomUUID()}@exemplo.com.br`
      const outcome = await accepted({ ...HELENA, email, horario: tuesdayNine })
      expect(outcome.response.headers.get('Location')).toBe('/agendar?dia=2026-03-31&aviso=taken')
      expect(await db().select().from(leads).where(eq(leads.email, email))).toHaveLength(1)
      expect(await db().select().from(bookings)).toHaveLength(1)
      const view = await pageAt(cookieFrom(outcome.headers), '?dia=2026-03-31&aviso=taken')
      expect(view).toMatchObject({ visitor: { firstName: 'Helena' }, leadForm: null, notice: SLOT_TAKEN_MESSAGE, booked: null })
      expect(view.day!.specialists.find((item) => item.key === 'ana-ribeiro')!.slots.map((slot) => slot.time)).not.toContain('09:00')
      // A notice no refusal names is not shown.
      expect((await pageAt(cookieFrom(outcome.headers), '?aviso=<b>oi</b>')).notice).toBeNull()
    })
  })
})
