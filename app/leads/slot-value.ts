/**
 * A slot as /agendar's radio buttons post it (issue 44): the specialist's key, '@', and
 * the start's ISO moment ('ana-ribeiro@2026-12-01T12:00:00.000Z'). Safe for
 * the browser: the booking form's validation reads the shape; the booking
 * checks the slot itself (slots.ts).
 */
export const slotValue = (slot: { specialist: string; start: Date }) => `${slot.specialist}@${slot.start.toISOString()}`

/** A posted slot's specialist and start, or null when the value is not of that shape. */
export function parseSlotValue(value: string): { specialist: string; start: Date } | null {
  const at = value.indexOf('@')
  const iso = value.slice(at + 1)
  const start = new Date(iso)
  if (at < 1 || Number.isNaN(start.getTime()) || start.toISOString() !== iso) return null
  return { specialist: value.slice(0, at), start }
}
