/**
 * The visitor's contact data as the form_submission event carries it: e-mail,
 * phone and the name split at the first space, each normalised the way ad
 * platforms match them and then SHA-256 hashed in the browser, so the plain
 * values never reach the data layer.
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

/** Lower-case hex SHA-256 of a UTF-8 text (Web Crypto: the browser's and Node's). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** `country`: the ISO code the briefing posts beside its phone; the other forms' phones are Brazilian. */
export type ContactData = { name?: string | undefined; email?: string | undefined; phone?: string | undefined; country?: string | undefined }

export type HashedUserData = {
  email?: string
  phone_number?: string
  address?: { first_name?: string; last_name?: string }
}

/** The SHA-256 of a normalised value; undefined for an empty one (left out of what is sent). */
export const hashed = async (value: string) => (value === '' ? undefined : sha256Hex(value))

/** The phone in E.164 for its country; libphonenumber-js's metadata (about 30 KiB) loads only when there is a phone to hash. */
async function normalizedPhone(phone: string, country: string | undefined): Promise<string> {
  if (phone.trim() === '') return ''
  const { phoneE164 } = await import('./phone-e164')
  return phoneE164(phone, country || undefined) ?? ''
}

export type ContactHashes = { email?: string; phone?: string; firstName?: string; lastName?: string }

/**
 * A contact's hashes as every ad platform matches them: the e-mail and the
 * names (split at the first space) normalised, the phone as given (already in
 * the vendor's format), each SHA-256 hashed; undefined for an empty field.
 * The browser's form_submission and the server's conversions both use it.
 */
export async function contactHashes({ name, email, phone }: { name: string; email: string; phone: string }): Promise<ContactHashes> {
  const { firstName, lastName } = splitName(name)
  const [emailHash, phoneHash, firstHash, lastHash] = await Promise.all([
    hashed(normalizeEmail(email)),
    hashed(phone),
    hashed(normalizeName(firstName)),
    hashed(normalizeName(lastName)),
  ])
  return { email: emailHash, phone: phoneHash, firstName: firstHash, lastName: lastHash }
}

/** user_data for form_submission: each field normalised (the phone in E.164 for its country) then hashed; empty or invalid fields are left out. */
export async function hashedUserData({ name = '', email = '', phone = '', country }: ContactData): Promise<HashedUserData> {
  const hashes = await contactHashes({ name, email, phone: await normalizedPhone(phone, country) })
  const address = { ...(hashes.firstName ? { first_name: hashes.firstName } : {}), ...(hashes.lastName ? { last_name: hashes.lastName } : {}) }
  return {
    ...(hashes.email ? { email: hashes.email } : {}),
    ...(hashes.phone ? { phone_number: hashes.phone } : {}),
    ...(Object.keys(address).length > 0 ? { address } : {}),
  }
}
