/**
 * The answer to an accepted lead is one (issue 43): every lead form's route
 * action answers a person's stored lead and a post a bot trap caught (the
 * honeypot, a timer sent back too fast, a forged timer) with the same
 * response, header by header: the status, the header names, each cookie's
 * name, attributes and the shape of its value, the confirmation's path and
 * the shape of its query, Cache-Control. Values such as ids differ; a header
 * on one answer and not the other fails. The route modules' own actions,
 * below HTTP, on the process's database (PGlite in memory).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { availableDays } from '~/booking/slots'
import { getSchedulingSettings } from '~/content/content.server'
import { forgetAnswerTimes } from '~/leads/answer-pace.server'
import type { LeadFormKey } from '~/leads/lead-forms'
import { slotValue } from '~/leads/slot-value'
import { action as homeAction } from '~/routes/_index'
import { action as bookingAction } from '~/routes/agendar'
import { action as newsletterAction } from '~/routes/blog._index'
import { action as contactAction } from '~/routes/contato'
import { action as briefingAction } from '~/routes/criar-agente'
import { action as calculatorAction } from '~/routes/ferramentas.calculadora'
import { action as presenceTestAction } from '~/routes/ferramentas.resultados-teste'
import { isUuid } from '~/utils/uuid'
import { closeDatabase } from '../../../db/client'
import { BRIEFING_FIELDS, CONTACT_FIELDS, leadPost, type LeadPostOptions } from '../../support/lead-requests'

vi.hoisted(() => {
  // The routes use the process's database: a throwaway one in memory, whatever the shell set.
  process.env.DATA_DIR = 'memory://accepted-answer'
  delete process.env.DATABASE_URL
  delete process.env.WEBHOOK_URL
})

type RouteAction = (args: { request: Request; context: { clientIp: string; preview: null }; params: Record<string, string> }) => Promise<unknown>

const person = { name: 'Rafael Lima', email: 'rafael@clinicaboavista.com.br', phone: '(21) 99876-5432' }

/** Every lead form: its route's action, the address it posts to and a valid lead. */
const forms: Array<{ form: LeadFormKey; path: string; action: RouteAction; fields: Record<string, string>; repeated?: Record<string, string[]> }> = [
  { form: 'home', path: '/?index', action: homeAction as RouteAction, fields: { ...person, message: 'Quero vender mais.' } },
  { form: 'contact', path: '/contato', action: contactAction as RouteAction, fields: CONTACT_FIELDS },
  { form: 'newsletter', path: '/blog?index', action: newsletterAction as RouteAction, fields: { email: person.email, consent: 'on' } },
  {
    form: 'calculator',
    path: '/ferramentas/calculadora?metrica=cac&etapa=contato',
    action: calculatorAction as RouteAction,
    fields: { ...person, metrica: 'cac', totalCosts: '10.000,00', newCustomers: '30' },
  },
  {
    form: 'presenceTest',
    path: '/ferramentas/resultados-teste',
    action: presenceTestAction as RouteAction,
    fields: { ...person, respostas: '4'.repeat(25) },
  },
  {
    form: 'briefing',
    path: '/criar-agente',
    action: briefingAction as RouteAction,
    fields: BRIEFING_FIELDS,
    repeated: { platforms: ['whatsapp', 'website'] },
  },
  // /agendar's own form, for a visitor without a lead: the person's post books the time (set before the tests: the first free one).
  { form: 'booking', path: '/agendar', action: bookingAction as RouteAction, fields: { ...person, horario: '' } },
]

/** The first time /agendar offers now, as its radio button posts it. */
async function firstFreeSlot(): Promise<string> {
  const rules = await getSchedulingSettings()
  const slot = availableDays({ rules, now: new Date(), bookings: [] }).flatMap((day) => day.specialists.flatMap((specialist) => specialist.slots))[0]
  if (!slot) throw new Error('the seed offers no time in the horizon')
  return slotValue(slot)
}

/** The traps whose post is answered as a person's (ADR 039): the honeypot and the time trap. */
const traps: Array<[string, LeadPostOptions]> = [
  ['honeypot', { honeypot: 'https://spam.example' }],
  ['too_fast', { filledInMs: 200 }],
  ['timer_invalid', { timer: `${Date.now() - 60_000}.${'A'.repeat(12)}.${'A'.repeat(43)}` }],
]

/** A query value reduced to its shape: a UUID (a lead's or a run's id), or the text itself (a constant such as `enviado=1`). */
const valueShape = (value: string) => (isUuid(value) ? '<uuid>' : value)

/** The keys (and their types) of a cookie's JSON, as is (the receipt) or in Remix's signed base64 (origin, handoff). */
function cookieValueShape(value: string): string {
  const decoded = decodeURIComponent(value)
  const attempts = [() => JSON.parse(decoded) as unknown, () => JSON.parse(Buffer.from(decoded.split('.')[0] ?? '', 'base64').toString('utf8')) as unknown]
  for (const attempt of attempts) {
    try {
      const parsed = attempt()
      if (parsed && typeof parsed === 'object')
        return JSON.stringify(Object.entries(parsed as Record<string, unknown>).map(([key, entry]) => [key, entry === null ? 'null' : typeof entry]))
    } catch {
      // Not this encoding.
    }
  }
  return `<${decoded.split('.').length} parts>`
}

/** What a visitor can compare of an answer: everything but the values that differ between any two posts. */
function answerShape(response: Response) {
  const location = response.headers.get('Location')
  const target = location === null ? null : new URL(location, 'http://localhost')
  return {
    status: response.status,
    headerNames: [...response.headers.keys()].sort(),
    otherHeaders: [...response.headers].filter(([name]) => !['set-cookie', 'location'].includes(name)),
    cookies: response.headers.getSetCookie().map((cookie) => {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf('='))
      // An Expires date moves with the clock; its presence is compared.
      const flags = attributes.map((attribute) => (/^expires=/i.test(attribute) ? 'Expires' : attribute))
      return { name, flags, value: cookieValueShape(pair.slice(pair.indexOf('=') + 1)) }
    }),
    location: target && {
      path: target.pathname,
      query: [...target.searchParams].map(([name, value]) => [name, valueShape(value)]),
      hash: target.hash,
    },
  }
}

let address = 0
/** Each post from its own address: the rate limit stays out of the comparison. */
const nextVisitor = () => ({ clientIp: `198.51.100.${++address}`, preview: null })

async function post(entry: (typeof forms)[number], options: LeadPostOptions = {}): Promise<Response> {
  let request = leadPost(entry.path, entry.fields, { form: entry.form, ...options })
  if (entry.repeated) {
    // leadPost takes one value per name: add the repeated checkbox values as a browser would.
    const body = new URLSearchParams(await request.text())
    for (const [name, values] of Object.entries(entry.repeated)) for (const value of values) body.append(name, value)
    request = new Request(request.url, { method: 'POST', headers: request.headers, body })
  }
  const answer = await entry.action({ request, context: nextVisitor(), params: {} })
  if (!(answer instanceof Response)) throw new Error(`${entry.form}: the action answered ${JSON.stringify(answer)}`)
  return answer
}

describe('the answer to an accepted lead', () => {
  beforeAll(async () => {
    // The first post opens and migrates the database: its time would pace the trapped posts that follow.
    await post(forms[1]!)
    forgetAnswerTimes()
    forms.find((entry) => entry.form === 'booking')!.fields.horario = await firstFreeSlot()
  })
  afterAll(() => closeDatabase())

  it.each(forms.map((entry) => [entry.form, entry] as const))('%s: a trapped post gets the same answer as a person, header by header', async (_form, entry) => {
    const personAnswer = answerShape(await post(entry))
    // A stored lead's answer: a redirect to the confirmation with the three cookies, never cached.
    expect(personAnswer.status).toBe(302)
    expect(personAnswer.cookies.map((cookie) => cookie.name).sort()).toEqual(['lead_agenda', 'lead_conversa', 'lead_origin', 'lead_receipt'])
    expect(personAnswer.otherHeaders).toContainEqual(['cache-control', 'private, no-store'])
    for (const [trap, options] of traps) {
      expect(answerShape(await post(entry, options)), `${entry.form}, ${trap}`).toEqual(personAnswer)
    }
  })
})
