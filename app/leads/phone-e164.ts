import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * A phone as typed in a country (its ISO code; Brazil, where every form but
 * the briefing's lives, by default) in E.164, '+5511987654321', validated by
 * libphonenumber-js; null when it is not a valid number there. The one
 * reading of a number for the briefing's lead and for the hashes the ad
 * platforms match. Its own module, apart from the input mask in phone.ts, so
 * libphonenumber-js's metadata loads only where a number is read this way.
 */
export function phoneE164(phone: string, country = 'BR'): string | null {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 0 || !isSupportedCountry(country)) return null
  const parsed = parsePhoneNumberFromString(digits, country)
  return parsed?.isValid() ? parsed.number : null
}

/**
 * A stored lead's phone in E.164, or '' for none: the briefing keeps its number as international digits
 * (without the '+'), the other forms as the Brazilian mask writes it.
 */
export function storedPhoneE164(phone: string, international: boolean): string {
  if (phone === '') return ''
  return international ? `+${phone}` : (phoneE164(phone) ?? '')
}
