/**
 * The WhatsApp handoff (ADR 049): a stored lead's answer sets the visitor's
 * handoff cookie (signed, httpOnly, an hour), and /falar-no-whatsapp
 * answers a private redirect to the agency's WhatsApp with a message of the
 * person's name and the subject, never their e-mail or phone; with no
 * cookie, or one tampered with, the settings' own first message. A trapped
 * post gets a cookie too (a bot learns nothing from the answer). PGlite.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { loadSiteSettings, setContentSource } from '~/content/content.server'
import { evaluateGroq, readSeedDataset, type ContentSource } from '~/content/source.server'
import { contactPageSchema } from '~/leads/form-schemas'
import { handleLeadAction } from '~/leads/lead-action.server'
import { handoffCookie, handoffMessage, handoffOf } from '~/leads/whatsapp-handoff.server'
import { loader } from '~/routes/falar-no-whatsapp'
import { WHATSAPP_HANDOFF_MAX_AGE_SECONDS } from '~/utils/cookies.server'
import { testDatabaseTargets } from '../../support/databases'
import { leadPipelineFixture } from '../../support/lead-pipeline'
import { CONTACT_FIELDS, cookieFrom, leadPost, pageView, VISITOR } from '../../support/lead-requests'

const [pglite] = testDatabaseTargets()

/** Where /falar-no-whatsapp sends a visitor with these cookies, and how it may be cached. */
async function handoffFor(cookie: string) {
  const response = await loader({ request: pageView('/falar-no-whatsapp', cookie ? { Cookie: cookie } : {}), context: { preview: null }, params: {} } as never)
  const location = new URL(response.headers.get('Location')!)
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    setCookie: response.headers.getSetCookie(),
    location,
    text: location.searchParams.get('text'),
  }
}

describe('the WhatsApp handoff', () => {
  const { pipeline } = leadPipelineFixture(pglite!.open)
  /** Rafael's message on /contato, stored: its answer sets the handoff. */
  const sendContact = async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', CONTACT_FIELDS),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the lead was refused: ${outcome.status}`)
    return outcome
  }

  it('sends the person who just wrote to the agency’s WhatsApp with their name and subject, privately, and nobody else', async () => {
    const settings = await loadSiteSettings()
    const trafego = settings.services.find((service) => service.slug === 'trafego')!
    const outcome = await sendContact()
    const setCookie = outcome.headers.getSetCookie().find((cookie) => cookie.startsWith('lead_conversa='))!
    expect(setCookie).toMatch(/Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/)

    const handoff = await handoffFor(cookieFrom(outcome.headers))
    expect(handoff.status).toBe(302)
    expect(handoff.cacheControl).toBe('private, no-store')
    expect(`${handoff.location.origin}${handoff.location.pathname}`).toBe(`https://wa.me/${settings.whatsapp.number}`)
    expect(handoff.text).toBe(`Olá! Sou Rafael Lima e acabei de enviar pelo site uma mensagem sobre ${trafego.title}. Podemos conversar agora?`)
    for (const kept of [CONTACT_FIELDS.email, '99876', CONTACT_FIELDS.message, CONTACT_FIELDS.company]) expect(handoff.text).not.toContain(kept)

    // Another visitor, or this one after an hour or with the cookie altered: the settings' own first message.
    const generic = await handoffFor('')
    expect(generic.text).toBe(settings.whatsapp.text)
    expect(generic.cacheControl).toBe('private, no-store')
    const tampered = cookieFrom(outcome.headers).replace(/lead_conversa=([^;.]+)/, (_, value: string) => `lead_conversa=${value.slice(0, -2)}xx`)
    expect((await handoffFor(tampered)).text).toBe(settings.whatsapp.text)
  })

  it('clears the handoff with the redirect, so the next person at the same computer gets the generic message', async () => {
    const settings = await loadSiteSettings()
    const outcome = await sendContact()
    const first = await handoffFor(cookieFrom(outcome.headers))
    expect(first.text).toContain('Sou Rafael Lima')
    expect(first.cacheControl).toBe('private, no-store')
    expect(first.setCookie).toEqual([expect.stringMatching(/^lead_conversa=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/)])
    // The browser applies the Set-Cookie: the cookie is gone, and the next tap is anyone's.
    expect((await handoffFor('')).text).toBe(settings.whatsapp.text)
  })

  it('refuses a handoff signed more than an hour ago, even if the browser still sends it', async () => {
    const settings = await loadSiteSettings()
    const signedAt = Date.now() - WHATSAPP_HANDOFF_MAX_AGE_SECONDS * 1000 - 1_000
    const old = await handoffCookie(pageView('/contato'), handoffOf('contact', { name: 'Pessoa Anterior' }), signedAt)
    const expired = await handoffFor(old.split(';')[0]!)
    expect(expired.text).toBe(settings.whatsapp.text)
    // The same cookie signed a minute ago still carries the name.
    const fresh = await handoffCookie(pageView('/contato'), handoffOf('contact', { name: 'Pessoa Anterior' }), Date.now() - 60_000)
    expect((await handoffFor(fresh.split(';')[0]!)).text).toContain('Sou Pessoa Anterior')
  })

  it('answers a post the honeypot caught with a handoff cookie too', async () => {
    const outcome = await handleLeadAction({
      request: leadPost('/contato', CONTACT_FIELDS, { honeypot: 'preenchido' }),
      context: VISITOR,
      form: 'contact',
      schema: contactPageSchema,
      pipeline: pipeline(),
    })
    if (outcome.status !== 'success') throw new Error(`the trapped post was refused: ${outcome.status}`)
    expect(outcome.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toContain('lead_conversa')
  })
})

describe('the agency’s WhatsApp number as the Studio holds it', () => {
  /** The seed, with the settings' WhatsApp number as an editor typed it. */
  const withWhatsappNumber = (number: string): ContentSource => {
    const dataset = readSeedDataset().map((document) =>
      document._id === 'siteSettings' ? { ...document, whatsapp: { ...(document.whatsapp as object), number } } : document,
    )
    return { kind: 'seed', fetch: (query, params) => evaluateGroq(query, dataset, params), fetchPreview: async () => ({ result: null }) }
  }
  afterEach(() => setContentSource(undefined))

  it('is read as bare digits when typed with +, spaces, parentheses and dashes', async () => {
    setContentSource(withWhatsappNumber('+55 (11) 99999-0000'))
    const handoff = await handoffFor('')
    expect(handoff.status).toBe(302)
    expect(`${handoff.location.origin}${handoff.location.pathname}`).toBe('https://wa.me/5511999990000')
    expect((await loadSiteSettings()).whatsapp.number).toBe('5511999990000')
  })

  it('that cannot be a number falls back to the built-in number, and the link still opens WhatsApp', async () => {
    const builtIn = (await loadSiteSettings()).whatsapp.number
    for (const garbage of ['ligue já ☎', '(11) 9999', 'wa.me/5511999990000?x=1']) {
      setContentSource(withWhatsappNumber(garbage))
      const handoff = await handoffFor('')
      expect(handoff.status).toBe(302)
      expect(`${handoff.location.origin}${handoff.location.pathname}`).toBe(`https://wa.me/${builtIn}`)
    }
  })
})

describe('the handoff message', () => {
  const message = (form: Parameters<typeof handoffOf>[0], lead: Parameters<typeof handoffOf>[1], names = {}) => handoffMessage(handoffOf(form, lead), names)

  it('names the person and what each form sent, and nothing else', () => {
    expect(message('home', { name: ' Ana ' })).toBe('Olá! Sou Ana e acabei de enviar pelo site uma mensagem. Podemos conversar agora?')
    expect(message('contact', { name: 'Ana', service: 'ia' }, { service: 'IA para Marketing' })).toBe(
      'Olá! Sou Ana e acabei de enviar pelo site uma mensagem sobre IA para Marketing. Podemos conversar agora?',
    )
    expect(message('newsletter', {})).toBe('Olá! Acabei de enviar pelo site minha inscrição na newsletter. Podemos conversar agora?')
    expect(message('calculator', { name: 'Bia', metric: 'cac' }, { metric: 'CAC' })).toBe(
      'Olá! Sou Bia e acabei de enviar pelo site o cálculo de CAC. Podemos conversar agora?',
    )
    expect(message('presenceTest', { name: 'Bia' })).toContain('o teste de presença digital')
    expect(message('briefing', { name: 'Bia' })).toContain('o briefing do meu agente de IA')
    // A service or metric the lists do not know is left out; a long name is cut.
    expect(handoffOf('contact', { name: 'x'.repeat(200), service: 'hacker', metric: 'DROP TABLE' })).toEqual({ form: 'contact', name: 'x'.repeat(80) })
  })

  it('after a booking, names the session’s day and time in Brasília instead (issue 44)', () => {
    expect(handoffMessage({ ...handoffOf('contact', { name: 'Ana Lima' }), booked: '2026-12-01T12:00:00.000Z' })).toBe(
      'Olá! Sou Ana Lima e acabei de agendar pelo site a Sessão Estratégica para terça-feira, 1 de dezembro de 2026, às 09:00 (horário de Brasília). Podemos conversar antes?',
    )
  })
})
