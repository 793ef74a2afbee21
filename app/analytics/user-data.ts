/**
 * The visitor's contact data as the form_submission event carries it (spec
 * lead-capture §3 "Form-submission analytics event"): e-mail, phone and the
 * name split at the first space, each normalised the way ad platforms match
 * them and then SHA-256 hashed in the browser, so the plain values never
 * reach the data layer.
 */

/** The full name split at the first space: the first word, and the rest as the last name. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ')
  const space = trimmed.indexOf(' ')
  return space === -1 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) }
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** Names as Google matches them: trimmed and lower-cased. */
export const normalizeName = (name: string) => name.trim().toLowerCase()

/**
 * A phone in E.164 (`+5511987654321`). The site's Brazilian forms post the
 * number with its area code and no country code (`(11) 98765-4321`); the
 * briefing posts the country's dialling digits first. A number that starts
 * with `+`, or has more digits than a Brazilian one (11), already has them.
 */
export function phoneE164(phone: string, countryCode = '55'): string {
  const digits = phone.replace(/\D/g, '')
  if (digits === '') return ''
  if (phone.trim().startsWith('+') || digits.length > 11) return `+${digits}`
  return `+${countryCode}${digits}`
}

/** Lower-case hex SHA-256 of a UTF-8 text (Web Crypto: the browser's and Node's). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export type ContactData = { name?: string | undefined; email?: string | undefined; phone?: string | undefined }

export type HashedUserData = {
  email?: string
  phone_number?: string
  address?: { first_name?: string; last_name?: string }
}

/** The SHA-256 of a normalised value; undefined for an empty one (left out of what is sent). */
export const hashed = async (value: string) => (value === '' ? undefined : sha256Hex(value))

/** user_data for form_submission: each field normalised then hashed; empty fields are left out. */
export async function hashedUserData({ name = '', email = '', phone = '' }: ContactData): Promise<HashedUserData> {
  const { firstName, lastName } = splitName(name)
  const [emailHash, phoneHash, firstHash, lastHash] = await Promise.all([
    hashed(normalizeEmail(email)),
    hashed(phoneE164(phone)),
    hashed(normalizeName(firstName)),
    hashed(normalizeName(lastName)),
  ])
  const address = { ...(firstHash ? { first_name: firstHash } : {}), ...(lastHash ? { last_name: lastHash } : {}) }
  return {
    ...(emailHash ? { email: emailHash } : {}),
    ...(phoneHash ? { phone_number: phoneHash } : {}),
    ...(Object.keys(address).length > 0 ? { address } : {}),
  }
}
