import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The lint gate's layer rule (eslint.config.js, ADR 022), run the way `npm run lint` runs it, on code written for the test. */
describe('layers', () => {
  const eslint = new ESLint()
  const refused = async (filePath: string, from: string, { typeOnly = false } = {}) => {
    const code = typeOnly ? `import type { X } from '${from}'\nexport type Y = X\n` : `import { x } from '${from}'\nexport const y = x\n`
    const [result] = await eslint.lintText(code, { filePath })
    return (result?.messages ?? []).some((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
  }

  it('keeps app/utils/ the ground floor: no domain, component or route, by alias or relative path, at any depth', async () => {
    for (const from of ['~/leads/lead-forms', '~/content/site-settings', '~/analytics/consent', '~/tools/result-id', '~/admin/auth.server', '~/blog/article']) {
      expect(await refused('app/utils/exemplo.ts', from), from).toBe(true)
    }
    for (const from of ['~/components/ui/button', '~/routes/_index', '~/root', '~/server/app', '../leads/lead-forms', '../components/ui/button']) {
      expect(await refused('app/utils/exemplo.ts', from), from).toBe(true)
    }
    expect(await refused('app/utils/env/exemplo.ts', '../../content/rules')).toBe(true)
    expect(await refused('app/utils/exemplo.ts', './http.server')).toBe(false)
    expect(await refused('app/utils/env/exemplo.ts', '../env.server')).toBe(false)
  })

  it('lets a domain import utils and the domains below it, and refuses every other domain, components and routes', async () => {
    // Below: allowed.
    expect(await refused('app/tools/calculator/exemplo.ts', '~/content/tool-keys')).toBe(false)
    expect(await refused('app/tools/exemplo.ts', '~/leads/lead-forms')).toBe(false)
    expect(await refused('app/analytics/exemplo.ts', '~/leads/lead-forms')).toBe(false)
    expect(await refused('app/blog/exemplo.ts', '~/content/schemas')).toBe(false)
    expect(await refused('app/admin/exemplo.ts', '~/analytics/funnel')).toBe(false)
    expect(await refused('app/leads/exemplo.ts', '~/utils/http.server')).toBe(false)
    expect(await refused('app/booking/exemplo.ts', '~/content/rules')).toBe(false)
    expect(await refused('app/booking/exemplo.ts', '~/leads/lead-forms')).toBe(false)
    // The other way round, sideways and upwards: refused.
    for (const [file, from] of [
      ['app/content/exemplo.ts', '~/tools/calculator/metrics'],
      ['app/content/exemplo.ts', '~/booking/slots'],
      ['app/leads/exemplo.ts', '../booking/slots'],
      ['app/booking/exemplo.ts', '~/admin/auth.server'],
      ['app/content/exemplo.ts', '../tools/calculator/metrics'],
      ['app/leads/exemplo.ts', '~/analytics/consent'],
      ['app/leads/exemplo.ts', '~/content/schemas'],
      ['app/admin/exemplo.ts', '~/tools/result-id'],
      ['app/tools/presence-test/exemplo.ts', '../../blog/article'],
      ['app/content/exemplo.tsx', '~/components/ui/class-names'],
      ['app/content/exemplo.ts', '~/root'],
      ['app/leads/exemplo.ts', '~/routes/contato'],
    ]) {
      expect(await refused(file!, from!), `${file} → ${from}`).toBe(true)
    }
  })

  it('keeps app/delivery/ below every domain: it imports none of them, and content reaches it instead of leads (ADR 054)', async () => {
    for (const from of ['~/leads/outbox.server', '~/content/cache-purge.server', '~/admin/deliveries.server', '../leads/webhook.server', '~/server/app']) {
      expect(await refused('app/delivery/exemplo.ts', from), from).toBe(true)
    }
    expect(await refused('app/delivery/exemplo.ts', '~/utils/log.server')).toBe(false)
    for (const domain of ['leads', 'content', 'admin']) {
      expect(await refused(`app/${domain}/exemplo.ts`, '~/delivery/outbox.server'), domain).toBe(false)
    }
    expect(await refused('app/content/exemplo.ts', '~/leads/outbox.server')).toBe(true)
  })

  it('lets components import domains and utils, and read the root loader only as a type', async () => {
    expect(await refused('app/components/forms/exemplo.tsx', '~/leads/lead-forms')).toBe(false)
    expect(await refused('app/components/hooks/exemplo.ts', '~/root', { typeOnly: true })).toBe(false)
    expect(await refused('app/components/hooks/exemplo.ts', '~/root')).toBe(true)
    expect(await refused('app/components/blog/exemplo.tsx', '~/routes/blog._index')).toBe(true)
    expect(await refused('app/components/exemplo.tsx', '../server/app')).toBe(true)
  })

  it('lets routes import every layer', async () => {
    for (const from of ['~/components/ui/button', '~/leads/lead-forms', '~/tools/result-id', '~/utils/http.server']) {
      expect(await refused('app/routes/exemplo.tsx', from), from).toBe(false)
    }
  })
})
