/**
 * Content rules both sides need: the Studio's validation and seed check
 * (studio/) and the site's parser at the content edge (app/content/). Pure
 * constants and functions, no Sanity import. It lives in app/ because public
 * pages must never load a file of studio/: the Studio imports it from here.
 */

// A relative path: the Studio and the scripts import this module without the app's `~` alias.
export { SANITY_API_VERSION } from '../utils/env/sanity-api-version'

/** The spec's default title carries the tagline. */
export const BRAND_TAGLINE = 'Grow Smarter'
export const hasBrandTagline = (title: string | undefined | null) => Boolean(title?.includes(BRAND_TAGLINE))
export const BRAND_TAGLINE_MESSAGE = `O título padrão deve conter "${BRAND_TAGLINE}"`

/**
 * The agency's WhatsApp number (site settings): Brazil's 55, the DDD and the
 * number, 12 or 13 digits. An editor may type it as a phone is written
 * ('+55 (11) 99876-5432'): spaces, '+', dots, dashes and parentheses are
 * dropped. The Studio refuses anything else, and the site reads anything else
 * as no number (the content edge then uses the built-in copy's).
 */
export function whatsappNumber(value: string | undefined | null): string | null {
  const digits = (value ?? '').replace(/[\s+.()-]/g, '')
  return /^55\d{10,11}$/.test(digits) ? digits : null
}
export const WHATSAPP_NUMBER_MESSAGE = 'Informe o número com 55 e DDD, só com dígitos (espaços, +, traços e parênteses são aceitos), ex.: 5511998765432'

/** The contract's `_key` of an array item: 12 lowercase letters or digits. */
export const KEY_FORMAT = /^[a-z0-9]{12}$/

/**
 * Image asset references name their size: `image-<name>-<w>x<h>-<ext>`.
 * Sanity's own asset ids have this shape (the name is a hash); the seed uses
 * a readable name that is a file of public/images/ (`image-google-rating-240x80-svg`
 * is `/images/google-rating.svg`, 240 × 80). See docs/content-source.md.
 */
export const ASSET_REF = /^image-(.+)-(\d+)x(\d+)-([a-z0-9]+)$/
export const ASSET_REF_MESSAGE = 'referência de imagem fora do padrão image-<nome>-<largura>x<altura>-<extensão>'

export type ParsedAssetRef = { name: string; width: number; height: number; extension: string; fileName: string }

/** `image-google-rating-240x80-svg` → { name: 'google-rating', width: 240, height: 80, extension: 'svg', fileName: 'google-rating.svg' }. */
export function parseAssetRef(ref: string): ParsedAssetRef | null {
  const match = ASSET_REF.exec(ref)
  if (!match) return null
  const [, name = '', width = '0', height = '0', extension = ''] = match
  return { name, width: Number(width), height: Number(height), extension, fileName: `${name}.${extension}` }
}

/** An article is published (body, listing, sitemap) or in development (a notice, noindex, out of lists). */
export const ARTICLE_STATUS = [
  { value: 'published', label: 'Publicado' },
  { value: 'inDevelopment', label: 'Em desenvolvimento' },
] as const
export type ArticleStatus = (typeof ARTICLE_STATUS)[number]['value']

/** The kinds of highlighted note an article body can hold. */
export const CALLOUT_TONES = [
  { value: 'dica', label: 'Dica' },
  { value: 'atencao', label: 'Atenção' },
  { value: 'exemplo', label: 'Exemplo' },
] as const
export type CalloutTone = (typeof CALLOUT_TONES)[number]['value']

/** An article shows three related articles (the spec's number). */
export const MAX_RELATED_ARTICLES = 3

/** Text to a URL-safe id: no accents, lower case, words joined by '-' ("1. Quem somos" → "1-quem-somos"). Heading ids, seed slugs. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

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
