/**
 * Stand-ins for the CRMs' APIs on 127.0.0.1 (ADR 046), each checking every
 * request as its vendor documents it (shared/vendors.md) and refusing a
 * broken one with the vendor's status and error body:
 * - RD Station Marketing: `POST /platform/conversions?api_key=<key>`, JSON
 *   `{event_type: "CONVERSION", event_family: "CDP", payload}` with
 *   `conversion_identifier` and `email`; standard fields by name, custom ones
 *   `cf_…`, `legal_bases` of category `communications`; answers
 *   `{"event_uuid": …}`; a wrong key is 401, a bad payload 422 with
 *   `{errors: {error_type, error_message}}`.
 * - HubSpot Forms v3: `POST /submissions/v3/integration/submit/{portal}/{guid}`,
 *   JSON `{fields: [{objectTypeId, name, value}], submittedAt, context,
 *   legalConsentOptions}`; fields must be on the form; answers
 *   `{"inlineMessage": …}`; refusals `{status: "error", message, errors:
 *   [{message, errorType}]}`.
 * - Pipedrive: persons and leads, kept as its API keeps them (below).
 */
import { randomUUID } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { closeStandIn, isJson, startVendorStandIn, type StandInAnswer, type VendorStandIn } from './vendor-stand-in'

export type RdConversion = { apiKey: string; payload: Record<string, unknown> }

const RD_STANDARD_FIELDS = new Set([
  'conversion_identifier',
  'email',
  'name',
  'job_title',
  'personal_phone',
  'mobile_phone',
  'city',
  'state',
  'country',
  'company_name',
  'website',
  'tags',
  'available_for_mailing',
  'traffic_source',
  'traffic_medium',
  'traffic_campaign',
  'traffic_value',
  'legal_bases',
])

export function startRdStationStandIn({ apiKey }: { apiKey: string }): Promise<VendorStandIn<RdConversion>> {
  const rdError = (status: number, type: string, message: string) => ({
    error: `${type}: ${message}`,
    status,
    body: { errors: { error_type: type, error_message: message } },
  })
  return startVendorStandIn<RdConversion>(
    (request, body) => {
      const url = new URL(request.url ?? '/', 'http://rd')
      if (request.method !== 'POST' || url.pathname !== '/platform/conversions') return rdError(404, 'RESOURCE_NOT_FOUND', 'Not found')
      if (url.searchParams.get('api_key') !== apiKey) return rdError(401, 'UNAUTHORIZED', 'Invalid credentials')
      if (!isJson(request)) return rdError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
      const event = body as { event_type?: unknown; event_family?: unknown; payload?: Record<string, unknown> } | undefined
      if (event?.event_type !== 'CONVERSION' || event.event_family !== 'CDP' || typeof event.payload !== 'object' || event.payload === null) {
        return rdError(400, 'BAD_REQUEST', 'event_type CONVERSION, event_family CDP and a payload are required')
      }
      const { payload } = event
      if (typeof payload.conversion_identifier !== 'string' || !payload.conversion_identifier) return rdError(422, 'CANNOT_BE_NULL', 'conversion_identifier')
      if (typeof payload.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(payload.email)) return rdError(422, 'INVALID_FORMAT', 'email')
      const unknown = Object.keys(payload).filter((field) => !RD_STANDARD_FIELDS.has(field) && !field.startsWith('cf_'))
      if (unknown.length) return rdError(422, 'INVALID_FIELDS', `unknown fields: ${unknown.join(', ')}`)
      if (payload.mobile_phone !== undefined && !/^\+\d{10,15}$/.test(String(payload.mobile_phone))) return rdError(422, 'INVALID_FORMAT', 'mobile_phone')
      if (payload.legal_bases !== undefined) {
        const bases = payload.legal_bases as Array<Record<string, unknown>>
        const valid =
          Array.isArray(bases) &&
          bases.every(
            (base) =>
              base.category === 'communications' &&
              ['consent', 'legitimate_interest', 'pre_existent_contract', 'judicial_process', 'vital_interest', 'public_interest'].includes(
                String(base.type),
              ) &&
              ['granted', 'declined'].includes(String(base.status)),
          )
        if (!valid) return rdError(422, 'INVALID_FORMAT', 'legal_bases')
      }
      return { accepted: { apiKey, payload } }
    },
    () => ({ event_uuid: randomUUID() }),
  )
}

export type HubSpotSubmission = { portalId: string; formGuid: string; body: Record<string, unknown> }

export function startHubSpotStandIn({
  portalId,
  formFields,
}: {
  portalId: string
  formFields: Record<string, string[]>
}): Promise<VendorStandIn<HubSpotSubmission>> {
  const hsError = (status: number, errorType: string, message: string) => ({
    error: `${errorType}: ${message}`,
    status,
    body: { status: 'error', message: 'The request is not valid', correlationId: randomUUID(), errors: [{ message, errorType }] },
  })
  return startVendorStandIn<HubSpotSubmission>(
    (request, body) => {
      const match = /^\/submissions\/v3\/integration\/submit\/(\d+)\/([0-9a-f-]{36})$/.exec(request.url ?? '')
      if (request.method !== 'POST' || !match) return hsError(404, 'NOT_FOUND', `unknown route ${request.method} ${request.url}`)
      const [, portal, guid] = match as unknown as [string, string, string]
      const fieldsOnForm = formFields[guid]
      if (portal !== portalId || !fieldsOnForm) return hsError(404, 'FORM_NOT_FOUND', `form ${guid} not found in portal ${portal}`)
      if (!isJson(request)) return hsError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json')
      const submission = body as
        { fields?: Array<{ objectTypeId?: unknown; name?: unknown; value?: unknown }>; submittedAt?: unknown; context?: Record<string, unknown> } | undefined
      if (!submission || !Array.isArray(submission.fields)) return hsError(400, 'INVALID_JSON', 'fields is required')
      for (const field of submission.fields) {
        if (field.objectTypeId !== '0-1' || typeof field.name !== 'string' || typeof field.value !== 'string')
          return hsError(400, 'INVALID_JSON', 'each field needs objectTypeId, name and value')
        if (!fieldsOnForm.includes(field.name)) return hsError(400, 'FIELD_NOT_IN_FORM_DEFINITION', `Field ${field.name} is not in the form definition`)
      }
      const email = submission.fields.find((field) => field.name === 'email')?.value
      if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return hsError(400, 'INVALID_EMAIL', 'Email address is invalid')
      if (typeof submission.submittedAt !== 'number' || submission.submittedAt > Date.now() + 60_000)
        return hsError(400, 'INVALID_METADATA', 'submittedAt must be a past time in milliseconds')
      const pageUri = submission.context?.pageUri
      if (pageUri !== undefined && !/^https?:\/\//.test(String(pageUri))) return hsError(400, 'INVALID_PAGE_URI', 'pageUri must be an absolute URL')
      const hutk = submission.context?.hutk
      if (hutk !== undefined && !/^[0-9a-f]{32}$/.test(String(hutk))) return hsError(400, 'INVALID_HUTK', 'hutk is not a valid HubSpot cookie')
      return { accepted: { portalId: portal, formGuid: guid, body: submission as Record<string, unknown> } }
    },
    () => ({ inlineMessage: 'Obrigado!' }),
  )
}

/**
 * Pipedrive, with its state: persons and leads, as its API keeps them.
 * `x-api-token` on every call (401 otherwise). `GET /api/v2/persons/search`
 * (term, fields=email, exact_match=true), `POST /api/v2/persons` (a name,
 * `emails: [{value, primary, label}]`), `GET /v1/leads?person_id=`,
 * `POST /v1/leads` (a title and an existing `person_id`; 400 otherwise),
 * `GET /v1/persons/{id}/activities`, `POST /v1/activities` (a subject, a
 * type, `due_date` YYYY-MM-DD, `due_time` and `duration` HH:MM, an existing
 * `person_id`; 400 otherwise).
 * `queue` answers the next call of a route instead ('hang', a status), and
 * `loseAnswer(route)` makes the next call of that route do its work and then
 * drop the connection: the vendor did it, the caller never heard.
 * `slow(route, ms)` makes every call of that route wait before it is done
 * (calls arriving together all read the state as it was: a race's window).
 */
export type PipedriveRoute = 'searchPersons' | 'createPerson' | 'listLeads' | 'createLead' | 'listActivities' | 'createActivity'

export type PipedriveActivity = {
  id: number
  subject: string
  type: string
  due_date: string
  due_time: string
  duration: string
  person_id: number
  note: string
}

export type PipedriveStandIn = {
  url: string
  persons: Array<{ id: number; name: string; emails: Array<{ value: string }>; phones: Array<{ value: string }> }>
  leads: Array<{ id: string; title: string; person_id: number }>
  activities: PipedriveActivity[]
  calls: PipedriveRoute[]
  refused: string[]
  queue(route: PipedriveRoute, answer: StandInAnswer): void
  loseAnswer(route: PipedriveRoute): void
  slow(route: PipedriveRoute, ms: number): void
  reset(): void
  close(): Promise<void>
}

function routeOf(method: string | undefined, pathname: string): PipedriveRoute | null {
  if (method === 'GET' && pathname === '/api/v2/persons/search') return 'searchPersons'
  if (method === 'POST' && pathname === '/api/v2/persons') return 'createPerson'
  if (method === 'GET' && pathname === '/v1/leads') return 'listLeads'
  if (method === 'POST' && pathname === '/v1/leads') return 'createLead'
  if (method === 'GET' && /^\/v1\/persons\/\d+\/activities$/.test(pathname)) return 'listActivities'
  if (method === 'POST' && pathname === '/v1/activities') return 'createActivity'
  return null
}

export async function startPipedriveStandIn({ apiToken }: { apiToken: string }): Promise<PipedriveStandIn> {
  const persons: PipedriveStandIn['persons'] = []
  const leads: PipedriveStandIn['leads'] = []
  const activities: PipedriveActivity[] = []
  let nextActivity = 1
  const calls: PipedriveRoute[] = []
  const refused: string[] = []
  const queued = new Map<PipedriveRoute, StandInAnswer[]>()
  const lose = new Set<PipedriveRoute>()
  const slow = new Map<PipedriveRoute, number>()
  const hanging = new Set<() => void>()
  let nextPerson = 1
  const send = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
  const fail = (response: ServerResponse, status: number, error: string, info = '') => {
    refused.push(`${status} ${error}`)
    send(response, status, { success: false, error, error_info: info, data: null })
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    const answer = () => {
      const url = new URL(request.url ?? '/', 'http://pipedrive')
      if (request.headers['x-api-token'] !== apiToken) return fail(response, 401, 'unauthorized access', 'Please provide a valid API token')
      const route = routeOf(request.method, url.pathname)
      if (!route) return fail(response, 404, 'Unknown method .')
      let body: Record<string, unknown> = {}
      if (request.method === 'POST') {
        if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return fail(response, 415, 'Unsupported Media Type')
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        } catch {
          return fail(response, 400, 'Invalid JSON')
        }
      }
      calls.push(route)
      const answer = queued.get(route)?.shift()
      if (answer === 'hang') return void hanging.add(() => response.destroy())
      if (answer) return send(response, answer.status, answer.body ?? { success: false, error: 'Scripted answer' })
      let status = 200
      let data: unknown
      switch (route) {
        case 'searchPersons': {
          if (url.searchParams.get('fields') !== 'email' || url.searchParams.get('exact_match') !== 'true')
            return fail(response, 400, 'search by email, exactly')
          const term = (url.searchParams.get('term') ?? '').toLowerCase()
          data = {
            items: persons.filter((person) => person.emails.some((email) => email.value.toLowerCase() === term)).map((item) => ({ result_score: 1, item })),
          }
          break
        }
        case 'createPerson': {
          const emails = body.emails as Array<{ value?: unknown }> | undefined
          if (typeof body.name !== 'string' || !body.name) return fail(response, 400, 'Name must be given.')
          if (!Array.isArray(emails) || emails.some((email) => typeof email.value !== 'string')) return fail(response, 400, 'emails must be a list of {value}')
          const person = {
            id: nextPerson++,
            name: body.name,
            emails: emails as Array<{ value: string }>,
            phones: (body.phones as Array<{ value: string }>) ?? [],
          }
          persons.push(person)
          status = 201
          data = person
          break
        }
        case 'listLeads':
          data = leads.filter((lead) => String(lead.person_id) === url.searchParams.get('person_id'))
          break
        case 'createLead': {
          if (typeof body.title !== 'string' || !body.title) return fail(response, 400, 'Validation failed: title: Required')
          if (!persons.some((person) => person.id === body.person_id)) return fail(response, 400, 'Validation failed: person_id: Person not found')
          const lead = { id: randomUUID(), title: body.title, person_id: body.person_id as number }
          leads.push(lead)
          status = 201
          data = lead
          break
        }
        case 'listActivities': {
          const person = Number(url.pathname.split('/')[3])
          if (!persons.some((item) => item.id === person)) return fail(response, 404, 'Person not found')
          const own = activities.filter((activity) => activity.person_id === person)
          data = own.length > 0 ? own : null
          break
        }
        case 'createActivity': {
          if (typeof body.subject !== 'string' || !body.subject) return fail(response, 400, 'Validation failed: subject: Required')
          if (typeof body.type !== 'string' || !body.type) return fail(response, 400, 'Validation failed: type: Required')
          if (typeof body.due_date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.due_date))
            return fail(response, 400, 'Validation failed: due_date: YYYY-MM-DD')
          for (const field of ['due_time', 'duration'] as const)
            if (typeof body[field] !== 'string' || !/^\d{2}:\d{2}$/.test(body[field])) return fail(response, 400, `Validation failed: ${field}: HH:MM`)
          if (!persons.some((person) => person.id === body.person_id)) return fail(response, 400, 'Validation failed: person_id: Person not found')
          const activity = { ...(body as Omit<PipedriveActivity, 'id'>), note: String(body.note ?? ''), id: nextActivity++ }
          activities.push(activity)
          status = 201
          data = activity
          break
        }
      }
      if (lose.delete(route)) return void response.destroy()
      send(response, status, { success: true, data })
    }
    request.on('end', () => {
      const route = routeOf(request.method, new URL(request.url ?? '/', 'http://pipedrive').pathname)
      const delay = route ? slow.get(route) : undefined
      if (delay) setTimeout(answer, delay)
      else answer()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    persons,
    leads,
    activities,
    calls,
    refused,
    queue: (route, answer) => queued.set(route, [...(queued.get(route) ?? []), answer]),
    loseAnswer: (route) => lose.add(route),
    slow: (route, ms) => slow.set(route, ms),
    reset() {
      persons.length = 0
      leads.length = 0
      activities.length = 0
      nextActivity = 1
      calls.length = 0
      refused.length = 0
      queued.clear()
      lose.clear()
      slow.clear()
      nextPerson = 1
    },
    close: () => closeStandIn(server, hanging),
  }
}
