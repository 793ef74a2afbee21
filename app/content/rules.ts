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

// Image asset references (`image-<name>-<w>x<h>-<ext>`) are parsed in asset-ref.ts, which every page's images read.
export const ASSET_REF_MESSAGE = 'referência de imagem fora do padrão image-<nome>-<largura>x<altura>-<extensão>'

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
