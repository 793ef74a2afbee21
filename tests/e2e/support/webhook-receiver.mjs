// The outside services of the e2e suite (a second Playwright web server):
// - HTTP on RECEIVER_PORT: POST anything and it is kept in memory (the lead
//   webhooks, and the CRMs' calls: RDSTATION_API_URL and HUBSPOT_API_URL point
//   here); GET /received lists what arrived (path, headers, body), so a test
//   can read the payload its form produced; GET /mail lists the e-mails the SMTP server
//   below accepted; GET /healthz answers 200.
// - SMTP on SMTP_PORT (the `smtp-server` package): the sales team's e-mail
//   on every lead (SMTP_URL), with AUTH checked, each message parsed.
// - Pipedrive on the same HTTP port (PIPEDRIVE_API_URL points here): persons,
//   leads and activities kept as its API keeps them (search by e-mail, create,
//   list a person's leads or activities, create), the token checked; GET
//   /pipedrive lists them.
import crypto from 'node:crypto'
import http from 'node:http'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const port = Number(process.env.RECEIVER_PORT ?? 4174)
const smtpPort = Number(process.env.SMTP_PORT ?? 4175)
const received = []
const mail = []
const pipedrive = { persons: [], leads: [], activities: [] }

/** Pipedrive's answer to a call on one of its six routes, or null for any other address. */
function pipedriveAnswer(method, url, headers, body) {
  const route = `${method} ${url.pathname.replace(/^\/v1\/persons\/\d+\/activities$/, '/v1/persons/{id}/activities')}`
  const routes = [
    'GET /api/v2/persons/search',
    'POST /api/v2/persons',
    'GET /v1/leads',
    'POST /v1/leads',
    'GET /v1/persons/{id}/activities',
    'POST /v1/activities',
  ]
  if (!routes.includes(route)) return null
  if (headers['x-api-token'] !== process.env.PIPEDRIVE_API_TOKEN) return [401, { success: false, error: 'unauthorized access' }]
  if (route === 'GET /api/v2/persons/search') {
    const term = (url.searchParams.get('term') ?? '').toLowerCase()
    const items = pipedrive.persons.filter((person) => person.emails.some((email) => email.value.toLowerCase() === term)).map((item) => ({ item }))
    return [200, { success: true, data: { items } }]
  }
  if (route === 'POST /api/v2/persons') {
    const person = { id: pipedrive.persons.length + 1, name: body.name, emails: body.emails ?? [], phones: body.phones ?? [] }
    pipedrive.persons.push(person)
    return [201, { success: true, data: person }]
  }
  if (route === 'GET /v1/leads')
    return [200, { success: true, data: pipedrive.leads.filter((lead) => String(lead.person_id) === url.searchParams.get('person_id')) }]
  if (route === 'GET /v1/persons/{id}/activities') {
    const own = pipedrive.activities.filter((activity) => String(activity.person_id) === url.pathname.split('/')[3])
    return [200, { success: true, data: own.length > 0 ? own : null }]
  }
  if (!pipedrive.persons.some((person) => person.id === body.person_id))
    return [400, { success: false, error: 'Validation failed: person_id: Person not found' }]
  if (route === 'POST /v1/activities') {
    const valid =
      typeof body.subject === 'string' &&
      typeof body.type === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(body.due_date ?? '') &&
      /^\d{2}:\d{2}$/.test(body.due_time ?? '') &&
      /^\d{2}:\d{2}$/.test(body.duration ?? '')
    if (!valid) return [400, { success: false, error: 'Validation failed: subject, type, due_date, due_time, duration' }]
    const activity = { ...body, id: pipedrive.activities.length + 1 }
    pipedrive.activities.push(activity)
    return [201, { success: true, data: activity }]
  }
  const lead = { id: crypto.randomUUID(), title: body.title, person_id: body.person_id }
  pipedrive.leads.push(lead)
  return [201, { success: true, data: lead }]
}

new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === process.env.SMTP_USER && auth.password === process.env.SMTP_PASSWORD) return callback(null, { user: auth.username })
    return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
  },
  onData(stream, session, callback) {
    simpleParser(stream).then((parsed) => {
      const calendar = parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar')
      mail.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject: parsed.subject,
        text: parsed.text,
        messageId: parsed.messageId,
        calendar: calendar ? calendar.content.toString('utf8') : null,
      })
      callback()
    }, callback)
  },
}).listen(smtpPort, '127.0.0.1')

http
  .createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver')
      const vendor = pipedriveAnswer(request.method, url, request.headers, JSON.parse(body || '{}'))
      if (vendor) {
        response.writeHead(vendor[0], { 'Content-Type': 'application/json' })
        response.end(JSON.stringify(vendor[1]))
        return
      }
      if (request.method === 'GET') {
        const lists = { '/received': received, '/mail': mail, '/pipedrive': pipedrive }
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify(lists[url.pathname] ?? { ok: true }))
        return
      }
      received.push({ path: request.url, headers: request.headers, body: JSON.parse(body || 'null') })
      response.writeHead(204)
      response.end()
    })
  })
  .listen(port, '127.0.0.1')
