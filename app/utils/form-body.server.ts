/**
 * Reads a posted form with bounded work, before any form parser runs.
 *
 * `request.formData()` followed by Conform's parser trusts the client: a field
 * named `a[100000000]` builds an array of a hundred million slots, 30,000
 * fields cost seconds of CPU while every other visitor waits, and whatever
 * was posted is echoed back in the reply. Here the body is read up to a byte
 * limit, its fields are counted from the raw bytes, and only the names the
 * form declares are decoded; everything else is skipped unread. What a
 * refused request costs does not depend on what it contains.
 *
 * Every kept value is made storable (no NUL, no lone surrogate): see
 * storable-text.ts.
 */
import { bodyLimitFor, bodyTooLargeMessage } from './body-limits.server'
import { ALLOW, methodNotAllowedMessage } from './methods.server'
import { storableText } from './storable-text'

/**
 * Most fields any of our forms posts, with a margin: the largest, the
 * presence test, needs about 40 (25 answers, the contact fields and the
 * hidden tracking fields); the contact forms need 13.
 */
export const MAX_FORM_FIELDS = 64

/** Longest field name we read (ours are under 20 characters); longer names are skipped, never decoded. */
export const MAX_FIELD_NAME_LENGTH = 64

export const ACCEPTED_FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const

export const formBodyMessages = {
  mediaType: 'Formato de envio não aceito. Envie o formulário pela página do site.',
  tooLarge: bodyTooLargeMessage,
  tooManyFields: 'O envio tem campos demais para este formulário.',
  malformed: 'Não foi possível ler o formulário enviado. Recarregue a página e tente novamente.',
} as const

export type FormBodyRefusal = {
  status: 400 | 405 | 413 | 415
  message: string
  headers?: Record<string, string>
}

export type FormBodyResult = { ok: true; formData: FormData } | { ok: false; refusal: FormBodyRefusal }

export type ReadFormBodyOptions = {
  /** The names the form declares: only these are decoded and kept. */
  fields: ReadonlySet<string>
  /** Tests: another limit than the route's (body-limits.server.ts). */
  maxBytes?: number
  maxFields?: number
}

const refuse = (status: FormBodyRefusal['status'], message: string, headers?: Record<string, string>): FormBodyResult => ({
  ok: false,
  refusal: { status, message, ...(headers ? { headers } : {}) },
})

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
}

/** The body, or null when it is longer than `maxBytes` (reading stops there). */
async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

function countOccurrences(text: string, needle: string, stopAfter: number): number {
  let count = 0
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) {
    if (++count > stopAfter) break
  }
  return count
}

function readUrlEncoded(body: Uint8Array, fields: ReadonlySet<string>, maxFields: number): FormBodyResult {
  const text = new TextDecoder().decode(body)
  if (text === '') return { ok: true, formData: new FormData() }
  // Counted on the raw text, before anything is decoded.
  if (countOccurrences(text, '&', maxFields) + 1 > maxFields) return refuse(413, formBodyMessages.tooManyFields)
  const formData = new FormData()
  for (const pair of text.split('&')) {
    const equals = pair.indexOf('=')
    const rawName = equals === -1 ? pair : pair.slice(0, equals)
    // A percent-encoded name is at most three times as long as the name.
    if (rawName === '' || rawName.length > MAX_FIELD_NAME_LENGTH * 3) continue
    // URLSearchParams decodes one pair leniently ('+', bad % sequences and invalid UTF-8 included).
    for (const [name, value] of new URLSearchParams(pair)) {
      if (fields.has(name)) formData.append(name, storableText(value))
    }
  }
  return { ok: true, formData }
}

const BOUNDARY = /;\s*boundary=(?:"([^"\r\n]{1,70})"|([^\s;,"]{1,70}))(?:[\s;]|$)/i

async function readMultipart(body: Uint8Array<ArrayBuffer>, contentType: string, fields: ReadonlySet<string>, maxFields: number): Promise<FormBodyResult> {
  const match = BOUNDARY.exec(contentType)
  const boundary = match?.[1] ?? match?.[2]
  if (!boundary) return refuse(400, formBodyMessages.malformed)
  // latin1 keeps one character per byte: the boundary is ASCII, and counting stays linear.
  const parts = countOccurrences(Buffer.from(body).toString('latin1'), `--${boundary}`, maxFields + 1) - 1
  if (parts > maxFields) return refuse(413, formBodyMessages.tooManyFields)
  let parsed: FormData
  try {
    parsed = await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    return refuse(400, formBodyMessages.malformed)
  }
  const formData = new FormData()
  for (const [name, value] of parsed) {
    // Files are never part of our forms.
    if (typeof value === 'string' && fields.has(name)) formData.append(name, storableText(value))
  }
  return { ok: true, formData }
}

/**
 * The declared fields of a form post, or why it is refused: 405 for a method
 * other than POST, 415 for a body that is not a form, 413 for a body or a
 * field count over the limits, 400 for a multipart body that cannot be read.
 * Unknown names are skipped, so the reply can never echo them.
 */
export async function readFormBody(request: Request, options: ReadFormBodyOptions): Promise<FormBodyResult> {
  // The route's limit, the one the server already checked the Content-Length against (body-limits.server.ts).
  const maxBytes = options.maxBytes ?? bodyLimitFor(new URL(request.url).pathname)
  const maxFields = options.maxFields ?? MAX_FORM_FIELDS
  // Every action refused other methods already (requirePost); a reader called elsewhere still reads posts only.
  if (request.method !== 'POST') return refuse(405, methodNotAllowedMessage(ALLOW.form), { Allow: ALLOW.form })
  const contentType = request.headers.get('Content-Type')
  const mediaType = mediaTypeOf(contentType)
  if (!(ACCEPTED_FORM_TYPES as readonly string[]).includes(mediaType)) return refuse(415, formBodyMessages.mediaType)
  const declared = Number(request.headers.get('Content-Length'))
  if (Number.isFinite(declared) && declared > maxBytes) return refuse(413, formBodyMessages.tooLarge(maxBytes))

  let body: Uint8Array<ArrayBuffer> | null
  try {
    body = await readBounded(request, maxBytes)
  } catch {
    // The client went away or sent a broken stream.
    return refuse(400, formBodyMessages.malformed)
  }
  if (!body) return refuse(413, formBodyMessages.tooLarge(maxBytes))
  return mediaType === 'multipart/form-data'
    ? readMultipart(body, contentType ?? '', options.fields, maxFields)
    : readUrlEncoded(body, options.fields, maxFields)
}
