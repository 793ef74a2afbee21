/**
 * The hostile and malformed requests the lead path was hardened against
 * (ADR 021), each sent to the real request handler (Express and Remix,
 * tests/support/test-site.ts) as an attacker or an unlucky visitor would: every
 * one answers 4xx, or stores and delivers the lead; none logs a stack trace;
 * the server keeps answering.
 *
 * TRUST_PROXY=loopback lets each test speak from its own client address
 * (X-Forwarded-For), so the real rate limits apply without tests sharing a
 * budget.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LEAD_HIDDEN_FIELDS } from '~/leads/lead-forms'
import { formBodyMessages } from '~/utils/form-body.server'
import { leads, leadTracking } from '../../../db/schema'
import { eventually } from '../../support/eventually'
import { rawRequest, startTestSite, type TestSite } from '../../support/test-site'
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../../support/webhook-receiver'

const secret = `whsec_${randomBytes(32).toString('base64')}`
let site: TestSite
let receiver: WebhookReceiver
let nextAddress = 1

/** A client address of its own for each caller (the rate limits count per address). */
const newVisitor = () => `198.51.100.${nextAddress++}`

const contactFields = {
  name: 'Beatriz Nogueira',
  email: 'beatriz@ateliecostura.com.br',
  phone: '(31)99876-1234',
  message: 'Quero automatizar o atendimento do ateliê no WhatsApp.',
}

const db = () => site.db

type PageVisit = { html: string; timer: string; cookie: string; response: Response }

/** Opens a page as a browser without JavaScript: its HTML, its form's timer and the cookies it set. */
async function visit(path: string, options: { ip: string; cookie?: string; headers?: Record<string, string> }): Promise<PageVisit> {
  const response = await fetch(`${site.url}${path}`, {
    headers: { 'X-Forwarded-For': options.ip, ...(options.cookie ? { Cookie: options.cookie } : {}), ...options.headers },
  })
  const html = await response.text()
  const timer = new RegExp(`name="${LEAD_HIDDEN_FIELDS.timer}" value="([^"]+)"`).exec(html)?.[1] ?? ''
  const setCookie = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
  return { html, timer, cookie: [options.cookie, setCookie].filter(Boolean).join('; '), response }
}

function post(path: string, body: BodyInit | null, options: { ip: string; contentType?: string | null; headers?: Record<string, string>; method?: string }) {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.ip, ...options.headers }
  if (options.contentType !== null) headers['Content-Type'] = options.contentType ?? 'application/x-www-form-urlencoded'
  return fetch(`${site.url}${path}`, { method: options.method ?? 'POST', body, headers, redirect: 'manual' })
}

/** A person sending /contato: opens the page, waits, posts the form it rendered. */
async function sendContactLead(fields: Record<string, string>, options: { ip: string; cookie?: string }) {
  const page = await visit('/contato', options)
  const body = new URLSearchParams({ ...fields, [LEAD_HIDDEN_FIELDS.timer]: page.timer, [LEAD_HIDDEN_FIELDS.honeypot]: '' })
  return post('/contato', body, { ip: options.ip, headers: { Cookie: page.cookie } })
}

function stackTraces(): string[] {
  return site.logs.filter((line) => /\n\s+at |"level":"error"/.test(line))
}

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  site = await startTestSite({
    env: {
      TRUST_PROXY: 'loopback',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: secret,
      LEAD_MIN_FILL_MS: '0',
      LEAD_RATE_LIMIT_PER_MINUTE: '5',
      POST_RATE_LIMIT_PER_MINUTE: '60',
    },
  })
}, 120_000)

afterAll(async () => {
  await site?.close()
  await receiver?.close()
})

beforeEach(() => {
  receiver.received.length = 0
  site.logs.length = 0
})

describe('bounded form parsing', () => {
  it('answers a field named a[100000000] with a short 400 and keeps running', async () => {
    const page = await visit('/contato', { ip: newVisitor() })
    for (const name of ['a[100000000]', 'a[1000000]']) {
      const response = await post('/contato', `${name}=x`, { ip: newVisitor() })
      const body = await response.text()
      expect(response.status).toBe(400)
      // The page again with the form's errors: nothing of the unknown field is echoed.
      expect(body.length - page.html.length).toBeLessThan(8_000)
      expect(body).not.toContain('a[')
    }
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200)
  })

  it('refuses 30,000 fields with 413 and a message in Portuguese, before reading any of them', async () => {
    const response = await post('/contato', Array.from({ length: 30_000 }, () => 'a').join('&'), { ip: newVisitor() })
    expect(response.status).toBe(413)
    expect(await response.text()).toContain('O envio tem campos demais para este formulário.')
  })

  it('stores and delivers a lead whose name carries a NUL character', async () => {
    const response = await sendContactLead({ ...contactFields, name: 'Nul\u0000Byte' }, { ip: newVisitor() })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/contato?enviado=1')
    const [lead] = await db().select().from(leads).where(eq(leads.name, 'NulByte'))
    expect(lead).toBeDefined()
    await eventually(() => expect(receiver.received.length).toBe(1))
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({ name: 'NulByte', email: contactFields.email })
  })
})

describe('tracking data never costs a lead', () => {
  it('stores and delivers the leads of a visit that began on a link with %00 and a lone surrogate', async () => {
    const ip = newVisitor()
    const landing = await visit('/?utm_source=ads%00x&utm_campaign=%ED%A0%80promo', { ip })
    expect(landing.cookie).toMatch(/lead_origin=/)
    const response = await sendContactLead({ ...contactFields, email: 'envenenado@exemplo.com.br' }, { ip, cookie: landing.cookie })
    expect(response.status).toBe(302)
    const [lead] = await db().select().from(leads).where(eq(leads.email, 'envenenado@exemplo.com.br'))
    const [tracking] = await db().select().from(leadTracking).where(eq(leadTracking.leadId, lead!.id))
    expect(tracking?.utmSource).toBe('adsx')
    // Invalid UTF-8 in a URL decodes to U+FFFD, one per byte: stored as such.
    expect(tracking?.utmCampaign).toBe('\uFFFD\uFFFD\uFFFDpromo')
    await eventually(() => expect(receiver.received.length).toBe(1))
    expect(verifyWebhook(secret, receiver.received[0]!)).toMatchObject({ utmSource: 'adsx', email: 'envenenado@exemplo.com.br' })
  })

  it('keeps the origin cookie under 4 KB, whatever the campaign parameters, path and Referer', async () => {
    // Multi-byte characters grow most in a signed cookie (UTF-8, then base64); the request stays under Node's 16 KB of headers.
    const query = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'gclid', 'fbclid'].map(
      (key) => `${key}=${encodeURIComponent('é'.repeat(200))}`,
    )
    const landing = await visit(`/sobre/${'x'.repeat(1_000)}?${query.join('&')}`, {
      ip: newVisitor(),
      headers: { Referer: `https://busca.example/${encodeURIComponent('ç'.repeat(400))}` },
    })
    const [setCookie] = landing.response.headers.getSetCookie()
    expect(setCookie).toMatch(/^lead_origin=/)
    expect(setCookie!.length).toBeLessThan(4_000)
  })

  it('builds the page URL from SITE_URL, never from a forwarded Host', async () => {
    const ip = newVisitor()
    const page = await visit('/contato?utm_source=x', { ip, headers: { 'X-Forwarded-Host': 'phishing.example' } })
    expect(page.html).toContain(`name="${LEAD_HIDDEN_FIELDS.pageUrl}" value="http://localhost:3000/contato?utm_source=x"`)
    expect(page.html).not.toContain('phishing.example')
  })
})

describe('every odd request gets a 4xx', () => {
  const multipart = (boundary: string) => `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--${boundary}--\r\n`

  it.each([
    ['JSON', 415, JSON.stringify(contactFields), 'application/json'],
    ['text/plain', 415, 'name=Ana', 'text/plain'],
    ['XML', 415, '<lead><name>Ana</name></lead>', 'application/xml'],
    ['no content type', 415, 'name=Ana', null],
    ['multipart with a broken boundary', 400, multipart('abc').replace(/--abc--/, '--ab'), 'multipart/form-data; boundary=abc'],
    ['multipart without its boundary', 400, multipart('abc'), 'multipart/form-data'],
  ] as const)('%s posted to a lead form answers %i', async (_label, status, body, contentType) => {
    const response = await post('/contato', body, { ip: newVisitor(), contentType })
    expect(response.status).toBe(status)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(stackTraces()).toEqual([])
  })

  it.each([
    '/contato',
    '/?index',
    '/blog?index',
    '/ferramentas/calculadora?metrica=cac&totalCosts=100&newCustomers=2&etapa=contato',
    '/ferramentas/teste-presenca-digital',
    '/ferramentas/resultados-teste',
    '/criar-agente',
  ])('a JSON body posted to %s answers 415 with a page in Portuguese, never a 500', async (path) => {
    const response = await post(path, JSON.stringify(contactFields), { ip: newVisitor(), contentType: 'application/json' })
    expect(response.status).toBe(415)
    const html = await response.text()
    expect(html).toContain('lang="pt-BR"')
    expect(html).toContain(formBodyMessages.mediaType)
    expect(stackTraces()).toEqual([])
  })

  it.each(['/blog/%E0%A4%A', '/%', '/contato%zz'])('a malformed escape in the path (%s) gets the site 400 page in Portuguese and no stack', async (path) => {
    const response = await fetch(`${site.url}${path}`, { headers: { 'X-Forwarded-For': newVisitor() } })
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('lang="pt-BR"')
    expect(html).toContain('Endereço inválido')
    expect(html).not.toMatch(/URIError|Bad Request|at /)
    expect(stackTraces()).toEqual([])
  })

  it.each(['PUT', 'PATCH', 'DELETE'])('a bodiless %s to a lead form answers 405 with Allow', async (method) => {
    const response = await post('/contato', null, { ip: newVisitor(), method, contentType: null })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD, POST')
    expect(stackTraces()).toEqual([])
  })

  it.each(['https://evil.example', 'null', 'não é uma origem'])('Origin %s on a post answers 403 with a page in Portuguese', async (origin) => {
    const response = await post('/contato', new URLSearchParams(contactFields), { ip: newVisitor(), headers: { Origin: origin } })
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain('lang="pt-BR"')
    expect(html).toContain('Este formulário foi enviado de outro site.')
    expect(stackTraces()).toEqual([])
  })

  it('lets a same-site Origin through', async () => {
    const response = await post('/contato', 'name=A', { ip: newVisitor(), headers: { Origin: site.url } })
    expect(response.status).toBe(400)
  })

  it.each([
    ['TRACE /', 405, `TRACE / HTTP/1.1\r\nHost: 127.0.0.1`],
    ['an absolute-form target', 400, `GET http://127.0.0.1/contato HTTP/1.1\r\nHost: 127.0.0.1`],
    ['Host: a b', 400, `GET / HTTP/1.1\r\nHost: a b`],
    ['Host with a port out of range', 400, `GET / HTTP/1.1\r\nHost: localhost:99999`],
    ['a malformed X-Forwarded-Host', 400, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: a b`],
  ] as const)('%s answers %i', async (_label, status, head) => {
    const response = await rawRequest(site.port, head)
    expect(response.status).toBe(status)
    expect(stackTraces()).toEqual([])
  })

  it('counts refused posts in the lead form budget: after five 415s the sixth post gets 429', async () => {
    const ip = newVisitor()
    for (let index = 0; index < 5; index++) expect((await post('/contato', '{}', { ip, contentType: 'application/json' })).status).toBe(415)
    const limited = await post('/contato', new URLSearchParams(contactFields), { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
  })

  it('counts every post of an address, odd ones included: the 61st in a minute gets 429 with Retry-After', async () => {
    const ip = newVisitor()
    const statuses = new Set<number>()
    const odd = ['PROPFIND', 'PUT', 'DELETE', 'POST']
    for (let index = 0; index < 60; index++) {
      const response = await post('/sobre', 'x=1', { ip, method: odd[index % odd.length], contentType: 'text/plain' })
      statuses.add(response.status)
    }
    expect([...statuses].every((status) => status >= 400 && status < 500 && status !== 429)).toBe(true)
    const limited = await post('/contato', new URLSearchParams(contactFields), { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.text()).toBe('Muitas tentativas. Aguarde 1 minuto e tente novamente.')
    expect(stackTraces()).toEqual([])
  })

  it('answers the sixth lead post of an address in a minute with 429 and Retry-After', async () => {
    const ip = newVisitor()
    for (let index = 0; index < 5; index++) expect((await post('/contato', 'name=A', { ip })).status).toBe(400)
    const limited = await post('/contato', 'name=A', { ip })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await limited.text()).toContain('Muitas tentativas. Aguarde 1 minuto e tente novamente.')
  })
})

describe('cache policy', () => {
  it('answers a plain page view of every kind of page (content, blog, form, tool) with the shared-cache preset and no cookie', async () => {
    const ip = newVisitor()
    for (const path of [
      '/',
      '/sobre',
      '/servicos/ia',
      '/casos',
      '/blog',
      '/blog/7-automacoes',
      '/contato',
      '/ferramentas/calculadora',
      '/criar-agente',
      '/termos-uso',
    ]) {
      const { response } = await visit(path, { ip })
      expect(response.status, path).toBe(200)
      expect(response.headers.getSetCookie(), path).toEqual([])
      expect(response.headers.get('Cache-Control'), path).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400')
    }
  })

  it('records the first touch of a visit with attribution (utm, click id, external referrer) in a cookie, on a private response', async () => {
    for (const [path, headers] of [
      ['/?utm_source=google&utm_campaign=marca', {}],
      ['/sobre?gclid=Cj0KCQ', {}],
      ['/blog', { Referer: 'https://www.linkedin.com/feed/' }],
    ] as const) {
      const first = await visit(path, { ip: newVisitor(), headers })
      expect(first.response.headers.getSetCookie()[0], path).toMatch(/^lead_origin=/)
      expect(first.response.headers.get('Cache-Control'), path).toBe('private, no-store')
      // The visit goes on: the next page sets nothing and is shareable again.
      const next = await visit('/sobre', { ip: newVisitor(), cookie: first.cookie })
      expect(next.response.headers.getSetCookie()).toEqual([])
      expect(next.response.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400')
    }
  })

  it('keeps signed tool state private', async () => {
    const ip = newVisitor()
    const step = await post('/ferramentas/teste-presenca-digital', new URLSearchParams({ estado: '', resposta: '4' }), { ip })
    expect(step.status).toBe(302)
    const signed = await visit(step.headers.get('Location') ?? '', { ip })
    expect(signed.response.status).toBe(200)
    expect(signed.response.headers.get('Cache-Control')).toBe('private, no-store')
  })

  // Each kind of answer with its own preset (app/utils/http.server.ts), written out so a changed preset shows here.
  it.each([
    ['a missing page', '/nao-existe', 404, 'private, no-store'],
    ["a page's data request (a client-side navigation)", '/sobre.data', 200, 'private, no-store'],
    ['a legacy address', '/services?utm_source=antigo', 301, 'public, max-age=86400'],
    ['robots.txt', '/robots.txt', 200, 'public, max-age=86400, s-maxage=86400, stale-while-revalidate=3600'],
    ['the sitemap', '/sitemap.xml', 200, 'public, max-age=86400, s-maxage=86400, stale-while-revalidate=3600'],
    ['the health probe', '/healthz', 200, 'no-store'],
  ] as const)('answers %s (%s) %i with Cache-Control: %s', async (_kind, path, status, policy) => {
    const response = await fetch(`${site.url}${path}`, { headers: { 'X-Forwarded-For': newVisitor() }, redirect: 'manual' })
    expect(response.status).toBe(status)
    expect(response.headers.get('Cache-Control')).toBe(policy)
  })

  it("answers a sent lead's redirect privately; the confirmation it leads to is the same for everyone, so shareable", async () => {
    const ip = newVisitor()
    const sent = await sendContactLead({ ...contactFields, email: 'cache@exemplo.com.br' }, { ip })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Cache-Control'), 'redirect').toBe('private, no-store')
    const confirmation = await visit(sent.headers.get('Location') ?? '', { ip })
    expect(confirmation.response.status).toBe(200)
    expect(confirmation.html).toContain('Mensagem Enviada!')
    expect(confirmation.html).not.toContain(contactFields.name)
    expect(confirmation.response.headers.get('Cache-Control'), 'confirmation').toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400')
  })

  it('sends Cross-Origin-Resource-Policy: same-origin', async () => {
    expect((await fetch(`${site.url}/`)).headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin')
  })
})

describe('the time trap', () => {
  it('stores nothing from a post without a timer, and asks for the form again', async () => {
    const ip = newVisitor()
    const response = await post('/contato', new URLSearchParams({ ...contactFields, email: 'sem-timer@exemplo.com.br' }), { ip })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Não foi possível confirmar o envio. Confira os dados e envie novamente.')
    expect(await db().select().from(leads).where(eq(leads.email, 'sem-timer@exemplo.com.br'))).toEqual([])
  })

  it("quietly drops a post carrying another form's timer", async () => {
    const ip = newVisitor()
    const blog = await visit('/blog', { ip })
    const body = new URLSearchParams({
      ...contactFields,
      email: 'outro-timer@exemplo.com.br',
      [LEAD_HIDDEN_FIELDS.timer]: blog.timer,
      [LEAD_HIDDEN_FIELDS.honeypot]: '',
    })
    const response = await post('/contato', body, { ip })
    expect(response.status).toBe(302)
    expect(await db().select().from(leads).where(eq(leads.email, 'outro-timer@exemplo.com.br'))).toEqual([])
  })

  it("answers a trapped post as a person's: same status, Location, cookie names and cookie value shapes", async () => {
    /** Status, Location, and each Set-Cookie as its name and the shape of its value and attributes (digits, letters, signature vary). */
    const answerOf = async (response: Response) => ({
      status: response.status,
      location: response.headers.get('Location'),
      cookies: response.headers
        .getSetCookie()
        .map((cookie) => cookie.replace(/=[^;]*/, (value) => `=<${value.length > 1 ? 'valor' : 'vazio'}>`).replace(/session_\d+_[a-z0-9]+/, 'session'))
        .sort(),
    })
    const person = await answerOf(await sendContactLead({ ...contactFields, email: 'pessoa@exemplo.com.br' }, { ip: newVisitor() }))
    const ip = newVisitor()
    const page = await visit('/contato', { ip })
    const trapped = await post(
      '/contato',
      new URLSearchParams({
        ...contactFields,
        email: 'robo@exemplo.com.br',
        [LEAD_HIDDEN_FIELDS.timer]: page.timer,
        [LEAD_HIDDEN_FIELDS.honeypot]: 'https://spam.example',
      }),
      { ip, headers: { Cookie: page.cookie } },
    )
    expect(person.status).toBe(302)
    expect(person.cookies.map((cookie) => cookie.split('=')[0])).toEqual(['lead_agenda', 'lead_conversa', 'lead_origin', 'lead_receipt'])
    expect(await answerOf(trapped)).toEqual(person)
    const receipt = (response: string[]) =>
      JSON.parse(decodeURIComponent(/lead_receipt=([^;]*)/.exec(response.join('\n'))?.[1] ?? '')) as Record<string, unknown>
    expect(Object.keys(receipt(trapped.headers.getSetCookie())).sort()).toEqual(['delivery', 'eventId', 'form', 'sessionId'])
    expect(await db().select().from(leads).where(eq(leads.email, 'robo@exemplo.com.br'))).toEqual([])
  })

  it('stores one lead per submission: twenty visitors of one cached copy (one timer) each get theirs, each sending twice stores one', async () => {
    const page = await visit('/contato', { ip: newVisitor() })
    const statuses: number[] = []
    for (let index = 0; index < 20; index++) {
      const body = new URLSearchParams({
        ...contactFields,
        email: `reuso${index % 10}@exemplo.com.br`,
        [LEAD_HIDDEN_FIELDS.timer]: page.timer,
        [LEAD_HIDDEN_FIELDS.honeypot]: '',
      })
      statuses.push((await post('/contato', body, { ip: newVisitor() })).status)
    }
    expect(new Set(statuses)).toEqual(new Set([302]))
    const stored = await db().select().from(leads)
    expect(stored.filter((lead) => lead.email.startsWith('reuso'))).toHaveLength(10)
  })

  it('sets Secure on cookies when the request came over HTTPS through the trusted proxy', async () => {
    const page = await visit('/?utm_source=parceiro', { ip: newVisitor(), headers: { 'X-Forwarded-Proto': 'https' } })
    expect(page.response.headers.getSetCookie()[0]).toMatch(/; Secure/i)
    const plain = await visit('/?utm_source=parceiro', { ip: newVisitor() })
    expect(plain.response.headers.getSetCookie()[0]).not.toMatch(/; Secure/i)
  })
})
