/**
 * The scheduling settings' rules (ADR 055), shared by the Studio's schema
 * (studio/schemaTypes/scheduling.ts), the site's parser
 * (scheduling-schema.ts) and the booking domain. Apart from rules.ts: a
 * module the Studio and the public pages both import is bundled with the
 * pages, with everything the Studio uses of it.
 */
/**
 * The scheduling settings (the `schedulingSettings` singleton, ADR 055): weekdays by their English name,
 * with the Studio's pt-BR titles, in the week's order from Monday; `weekday` is what Date#getDay counts.
 */
export const WEEKDAYS = [
  { value: 'monday', title: 'Segunda-feira', weekday: 1 },
  { value: 'tuesday', title: 'Terça-feira', weekday: 2 },
  { value: 'wednesday', title: 'Quarta-feira', weekday: 3 },
  { value: 'thursday', title: 'Quinta-feira', weekday: 4 },
  { value: 'friday', title: 'Sexta-feira', weekday: 5 },
  { value: 'saturday', title: 'Sábado', weekday: 6 },
  { value: 'sunday', title: 'Domingo', weekday: 0 },
] as const
export type Weekday = (typeof WEEKDAYS)[number]['value']

/** A time of day on Brasília's clock, 24 h: '09:00', '17:30'. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/
export const TIME_OF_DAY_MESSAGE = 'Use o formato HH:MM, de 00:00 a 23:59 (ex.: 09:00)'

/** How a specialist meets: by the meeting link, or by calling the person's WhatsApp. */
export const MEETING_MODES = [
  { value: 'videoCall', title: 'Link da reunião (Meet, Zoom, Teams...)' },
  { value: 'whatsappCall', title: 'Ligamos no WhatsApp da pessoa' },
] as const
export type MeetingMode = (typeof MEETING_MODES)[number]['value']

/** A specialist's fixed key (the bookings table's `specialist`): lowercase letters, digits and hyphens. */
export const SPECIALIST_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SPECIALIST_KEY_MESSAGE = 'Use letras minúsculas sem acento, números e hífens (ex.: ana-souza)'

/** Problems of a day's intervals ({start, end} in HH:MM): each must end after it starts, and none may overlap another. */
export function intervalProblems(intervals: ReadonlyArray<{ start?: string | null; end?: string | null }>): string[] {
  const valid = intervals.filter(
    (interval): interval is { start: string; end: string } => TIME_OF_DAY.test(interval.start ?? '') && TIME_OF_DAY.test(interval.end ?? ''),
  )
  const problems = valid.filter(({ start, end }) => end <= start).map(({ start, end }) => `O intervalo ${start}–${end} termina antes de começar`)
  const sorted = valid.filter(({ start, end }) => end > start).sort((a, b) => a.start.localeCompare(b.start))
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!
    const current = sorted[index]!
    if (current.start < previous.end) problems.push(`Os intervalos ${previous.start}–${previous.end} e ${current.start}–${current.end} se sobrepõem`)
  }
  return problems
}
