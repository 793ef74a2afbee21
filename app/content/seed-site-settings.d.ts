/** The seed's site settings, produced at build time by scripts/lib/seed-site-settings-plugin.ts. */
declare module 'virtual:seed-site-settings' {
  import type { SiteSettings } from '~/content/schemas'

  const settings: SiteSettings
  export default settings
  export const brand: SiteSettings['brand']
  export const email: SiteSettings['email']
}
