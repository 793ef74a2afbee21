import { withoutEditLinks } from './edit-links'
import type { SiteSettings } from './schemas'

/** What pages do with the agency's settings (the root loader's; the built-in copy is in built-in-site-settings.ts). */
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

/** The WhatsApp chat link with its first message: the settings' (in a preview, without the text's edit link: ADR 037), or `text`. */
export function whatsappHref(settings: Pick<SiteSettings, 'whatsapp'>, text = withoutEditLinks(settings.whatsapp.text)) {
  return `https://wa.me/${settings.whatsapp.number}?text=${encodeURIComponent(text)}`
}

/** The footer's and the contact form's link to a service page. */
export const servicePath = (slug: string) => `/servicos/${slug}`
