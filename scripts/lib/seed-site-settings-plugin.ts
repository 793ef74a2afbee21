import path from 'node:path'
import type { Plugin } from 'vite'
import { siteSettingsQuery } from '../../app/content/queries'
import { siteSettingsSchema } from '../../app/content/schemas'
import { DEFAULT_SEED_DIR, seedFileNames } from '../../app/content/seed-dataset.server'
import { createSeedSource } from '../../app/content/source.server'

export const SEED_SITE_SETTINGS_MODULE = 'virtual:seed-site-settings'
const RESOLVED_ID = `\0${SEED_SITE_SETTINGS_MODULE}`

/**
 * Produces the built-in site settings (`fallbackSiteSettings`, shown when the
 * content is unavailable) from the seed at build time: the site's own
 * siteSettings query runs over studio/seed/ and its parsed result becomes the
 * module `virtual:seed-site-settings`. No copy to keep in step; in
 * development an edited seed file rebuilds it. Used by vite.config.ts and
 * vitest.config.ts. Besides the whole (default export, the server's), the
 * brand and e-mail are exports of their own, so browser code that needs only
 * them (an error page without the root's data) carries two strings, not the
 * whole copy.
 */
export function seedSiteSettings(dir: string = DEFAULT_SEED_DIR): Plugin {
  return {
    name: 'seed-site-settings',
    resolveId: (id) => (id === SEED_SITE_SETTINGS_MODULE ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      for (const file of seedFileNames(dir)) this.addWatchFile(path.join(dir, file))
      const settings = siteSettingsSchema.parse(await createSeedSource(dir).fetch(siteSettingsQuery))
      // The built-in copy is what an unusable number in the Studio falls back to: its own must be one.
      if (settings.whatsapp.number === null) throw new Error(`${dir}: the siteSettings WhatsApp number is not 55, a DDD and a number`)
      return [
        `export default ${JSON.stringify(settings)}`,
        `export const brand = ${JSON.stringify(settings.brand)}`,
        `export const email = ${JSON.stringify(settings.email)}`,
      ].join('\n')
    },
  }
}
