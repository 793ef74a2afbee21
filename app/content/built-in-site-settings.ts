import seedSettings, { brand, email } from 'virtual:seed-site-settings'
import type { SiteSettings } from './schemas'

/**
 * The agency's identity as the seed has it (studio/seed/settings.ndjson, with
 * the services that have a page): the site's siteSettings query run over the
 * seed at build time (scripts/lib/seed-site-settings-plugin.ts). Pages read
 * the siteSettings document from the content source; the root loader answers
 * this copy instead when it cannot (content unavailable, a document that does
 * not parse), so the header, footer and error pages stay whole (a 503 page
 * still shows who we are). Browser code uses only the two strings below: a
 * page has the root's settings, except the error page of a post Remix
 * refused or whose action threw (Remix runs no loader then), which needs the
 * brand and the e-mail; so no page's JavaScript carries the whole copy (about
 * 0.8 KiB gzip).
 */
export const fallbackSiteSettings: SiteSettings = seedSettings

/** The brand and e-mail of the built-in copy, on their own. */
export const builtInBrand = brand
export const builtInEmail = email
