import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { configurationProblems, configurationSummary, describeRow } from '~/delivery/target'
import { deliveryTargetsFromEnv } from '~/server/delivery-targets.server'
import { parseEnv } from '~/utils/env.server'

/** The one list (ADR 054) as start-up and the admin read it: every target, configured or not, with its own check and words. */
describe('the one list of delivery targets', () => {
  const listFor = (variables: Record<string, string>) => deliveryTargetsFromEnv(parseEnv({ DATA_DIR: 'memory://', ...variables }))
  const byName = (variables: Record<string, string>, name: string) => listFor(variables).find((target) => target.name === name)!

  it('holds every target with no variable set, none configured, and no start-up problem', () => {
    const targets = listFor({})
    expect(configurationSummary(targets)).toEqual({
      configured: [],
      notConfigured: [
        'lead_webhook',
        'ga4',
        'meta',
        'cache_purge',
        'fastly',
        'cloudflare',
        'sales_email',
        'rdstation',
        'hubspot',
        'pipedrive',
        'booking_email',
        'booking_calendar',
      ],
    })
    expect(configurationProblems(targets)).toEqual([])
  })

  it('runs the webhook’s own check: a URL without its secret stops the start, by variable', () => {
    expect(configurationProblems(listFor({ WEBHOOK_URL: 'https://hooks.exemplo.com.br/leads' }))).toEqual([
      { variable: 'WEBHOOK_SECRET', problem: expect.stringContaining('required when WEBHOOK_URL is set') },
    ])
    const complete = listFor({ WEBHOOK_URL: 'https://hooks.exemplo.com.br/leads', WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` })
    expect(configurationProblems(complete)).toEqual([])
    expect(configurationSummary(complete).configured).toEqual(['lead_webhook'])
  })

  it('lets a target describe a row of no lead from its parsed payload, and say its answers are SMTP’s', () => {
    const fastly = byName({}, 'fastly')
    expect(describeRow(fastly, { payload: { tags: ['home', 'blog'] } })).toBe('Publicação no Sanity · etiquetas: home, blog')
    expect(describeRow(fastly, { payload: { tags: 'home' } })).toBeNull()
    expect(describeRow(byName({}, 'lead_webhook'), { payload: {} })).toBeNull()
    expect(byName({}, 'sales_email').answerCode).toBe('smtp')
    expect(byName({}, 'booking_email').answerCode).toBe('smtp')
    expect(byName({}, 'hubspot').answerCode).toBeUndefined()
  })
})
