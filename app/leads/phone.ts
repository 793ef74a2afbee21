/**
 * Brazilian phone numbers, one rule for every Brazilian form (ADR 024): digits
 * only, 10 or 11 of them (DDD + 8-digit landline or 9-digit mobile), shown as
 * `(DD) NNNNN-NNNN` or `(DD) NNNN-NNNN`, as the spec's own examples write it.
 * Formatted, a complete number is 14 or 15 characters. Shared by the
 * input mask in the browser and the server, which normalises whatever arrives
 * (a pasted "+55 (11) 98765-4321", digits typed with JavaScript off, …).
 */

export const PHONE_MAX_DIGITS = 11

/** Non-digits removed, cut to 11 digits (what the input accepts while typing). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS)
}

/**
 * The mask while typing: '1' → '(1', '119' → '(11) 9', '1198765' → '(11) 98765',
 * '11987654321' → '(11) 98765-4321'; 10 digits → '(11) 8765-4321'.
 */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input)
  if (digits.length === 0) return ''
  if (digits.length <= 2) return `(${digits}`
  const ddd = digits.slice(0, 2)
  const rest = digits.slice(2)
  // Landlines have 8 digits after the DDD (4+4); mobiles 9 (5+4).
  const split = digits.length === 10 ? 4 : 5
  if (rest.length <= split) return `(${ddd}) ${rest}`
  return `(${ddd}) ${rest.slice(0, split)}-${rest.slice(split)}`
}

/**
 * The server's reading of whatever arrived: an explicit +55 country code is
 * dropped ("+55 11 98765-4321"), then the mask is applied. A number typed with
 * JavaScript off ("11987654321", "11 98765 4321") comes out as "(11) 98765-4321".
 */
export function normalizePhone(input: string): string {
  const trimmed = input.trim()
  const withoutCountry = /^\+\s*55\D*/.test(trimmed) ? trimmed.replace(/^\+\s*55/, '') : trimmed
  return formatPhone(withoutCountry)
}

/** True for a complete number: DDD plus 8 (landline) or 9 (mobile) digits. */
export function isCompletePhone(input: string): boolean {
  const digits = phoneDigits(input)
  return digits.length === 10 || digits.length === 11
}
