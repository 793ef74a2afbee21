import seedSettings from 'virtual:seed-site-settings'
import { withoutEditLinks } from './edit-links'
import type { SiteSettings } from './schemas'

/**
 * The agency's identity as the seed has it (studio/seed/settings.ndjson, with
 * the services that have a page): the site's siteSettings query run over the
 * seed at build time (scripts/lib/seed-site-settings-plugin.ts). Pages read
 * the siteSettings document from the content source; this is the fallback
 * that keeps the header, footer and error pages whole when the content itself
 * is unavailable (a 503 page still shows who we are).
 */
export const fallbackSiteSettings: SiteSettings = seedSettings

export type { SiteSettings }

const socialLabels: Record<SiteSettings['social'][number]['network'], string> = {
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
}

export const socialLabel = (network: SiteSettings['social'][number]['network']) => socialLabels[network]

/** The profile the success dialogs point to: Instagram, or the first network listed. */
export function featuredSocialUrl(settings: Pick<SiteSettings, 'social'>): string {
  return (settings.social.find((profile) => profile.network === 'instagram') ?? settings.social[0])?.url ?? '/'
}

/** The WhatsApp chat link with its first message (in a preview, without the text's edit link: ADR 037). */
export function whatsappHref(settings: Pick<SiteSettings, 'whatsapp'>) {
  return `https://wa.me/${settings.whatsapp.number}?text=${encodeURIComponent(withoutEditLinks(settings.whatsapp.text))}`
}

/** The footer's and the contact form's link to a service page. */
export const servicePath = (slug: string) => `/servicos/${slug}`
