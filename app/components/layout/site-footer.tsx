import { siteSettings } from '~/content/site-settings'

/** Placeholder until the shell lands. */
export function SiteFooter() {
  return <footer>{siteSettings.legal.companyName}</footer>
}
