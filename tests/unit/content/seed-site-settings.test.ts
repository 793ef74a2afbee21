// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { builtInBrand, builtInEmail, fallbackSiteSettings } from '~/content/built-in-site-settings'
import { seedSiteSettings, SEED_SITE_SETTINGS_MODULE } from '../../../scripts/lib/seed-site-settings-plugin'

const folders: string[] = []
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })))

/** A copy of the seed whose settings document the test edits. */
function seedCopy(edit: (settings: Record<string, unknown>) => void) {
  const folder = mkdtempSync(path.join(tmpdir(), 'seed-settings-'))
  folders.push(folder)
  cpSync('studio/seed', folder, { recursive: true })
  const file = path.join(folder, 'settings.ndjson')
  const settings = JSON.parse(readFileSync(file, 'utf8').trim()) as Record<string, unknown>
  edit(settings)
  writeFileSync(file, `${JSON.stringify(settings)}\n`)
  return folder
}

async function moduleText(folder: string) {
  const plugin = seedSiteSettings(folder)
  const watched: string[] = []
  const resolveId = plugin.resolveId as (id: string) => string | undefined
  const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string>
  const id = resolveId(SEED_SITE_SETTINGS_MODULE)!
  const text = await load.call({ addWatchFile: (file) => watched.push(file) }, id)
  return { text, watched }
}

/** The module's default export (the whole copy) and its two named strings. */
function exportsOf(text: string) {
  const [whole, brand, email] = text.split('\n')
  return {
    settings: JSON.parse(whole!.replace(/^export default /, '')) as typeof fallbackSiteSettings,
    brand: JSON.parse(brand!.replace(/^export const brand = /, '')) as string,
    email: JSON.parse(email!.replace(/^export const email = /, '')) as string,
  }
}

describe('the built-in site settings, produced from the seed at build time', () => {
  test('follow the seed: an edited settings document changes the module, and its files are watched', async () => {
    const folder = seedCopy((settings) => (settings.brand = 'Marca de Teste'))
    const { text, watched } = await moduleText(folder)
    const { settings, brand } = exportsOf(text)
    expect(settings.brand).toBe('Marca de Teste')
    expect(brand).toBe('Marca de Teste')
    expect(settings.services.map((service) => service.slug)).toEqual(fallbackSiteSettings.services.map((service) => service.slug))
    expect(watched).toContain(path.join(folder, 'settings.ndjson'))
  })

  test('a seed whose settings break the rules fails the build with zod’s message', async () => {
    const folder = seedCopy((settings) => (settings.defaultTitle = 'Alavanca Digital'))
    await expect(moduleText(folder)).rejects.toThrow(/Grow Smarter/)
  })

  test('the site gets the seed’s own settings through the module', async () => {
    const { text } = await moduleText('studio/seed')
    const { settings, brand, email } = exportsOf(text)
    expect(fallbackSiteSettings).toEqual(settings)
    expect([builtInBrand, builtInEmail]).toEqual([brand, email])
    expect([brand, email]).toEqual([settings.brand, settings.email])
    expect(fallbackSiteSettings.defaultTitle).toContain('Grow Smarter')
  })
})
