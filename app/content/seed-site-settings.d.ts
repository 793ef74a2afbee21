/** The seed's site settings, produced at build time by scripts/lib/seed-site-settings-plugin.ts. */
declare module 'virtual:seed-site-settings' {
  const settings: import('./schemas').SiteSettings
  export default settings
}
