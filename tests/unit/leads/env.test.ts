import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseDuration } from '~/utils/env/leads.server'
import { EnvError, parseEnv } from '~/utils/env.server'

const secret = `whsec_${randomBytes(32).toString('base64')}`

describe('lead pipeline environment', () => {
  it('runs with nothing set: PGlite in .data, no webhook, the spec-like defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      DATA_DIR: '.data',
      DELIVERY_RETRY_SCHEDULE: [30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000],
      LEAD_RATE_LIMIT_PER_MINUTE: 5,
      DELIVERY_TIMEOUT_MS: 10_000,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.WEBHOOK_URL).toBeUndefined()
  })

  it('treats empty strings as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', WEBHOOK_URL: ' ', WEBHOOK_SECRET: '', DATA_DIR: '', LEAD_RATE_LIMIT_PER_MINUTE: '' })
    expect(env).toMatchObject({ DATA_DIR: '.data', LEAD_RATE_LIMIT_PER_MINUTE: 5 })
    expect(env.WEBHOOK_URL).toBeUndefined()
  })

  it('reads a short retry schedule for tests and the bench', () => {
    expect(parseEnv({ DELIVERY_RETRY_SCHEDULE: '500ms, 1s,2s' }).DELIVERY_RETRY_SCHEDULE).toEqual([500, 1_000, 2_000])
    expect(parseDuration('1.5s')).toBe(1_500)
    expect(parseDuration('5x')).toBeNull()
  })

  it('accepts a whsec_ secret and names every bad variable', () => {
    expect(parseEnv({ WEBHOOK_URL: 'https://hooks.exemplo.com.br/leads', WEBHOOK_SECRET: secret }).WEBHOOK_SECRET).toBe(secret)
    let error: unknown
    try {
      parseEnv({
        DATABASE_URL: 'mysql://x',
        WEBHOOK_URL: 'ftp://x',
        WEBHOOK_SECRET: 'segredo',
        DELIVERY_RETRY_SCHEDULE: '30 segundos',
        LEAD_RATE_LIMIT_PER_MINUTE: '0',
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    for (const name of ['DATABASE_URL', 'WEBHOOK_URL', 'WEBHOOK_SECRET', 'DELIVERY_RETRY_SCHEDULE', 'LEAD_RATE_LIMIT_PER_MINUTE']) {
      expect((error as Error).message).toContain(name)
    }
    expect((error as Error).message).not.toContain('segredo')
  })

  it('stops on a renamed variable still set, naming the one to set, never its value', () => {
    expect(() => parseEnv({ WEBHOOK_TIMEOUT_MS: '5000' })).toThrow(/WEBHOOK_TIMEOUT_MS: renamed DELIVERY_TIMEOUT_MS/)
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: '1s,9s', DELIVERY_RETRY_SCHEDULE: '1s' })).toThrow(
      /WEBHOOK_RETRY_SCHEDULE: renamed DELIVERY_RETRY_SCHEDULE/,
    )
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: '1s,9s' })).not.toThrow(/9s/)
    expect(parseEnv({ DELIVERY_TIMEOUT_MS: '5000' }).DELIVERY_TIMEOUT_MS).toBe(5_000)
  })

  it('refuses a secret without the prefix or too short', () => {
    expect(() => parseEnv({ WEBHOOK_SECRET: randomBytes(32).toString('base64') })).toThrow(/WEBHOOK_SECRET/)
    expect(() => parseEnv({ WEBHOOK_SECRET: `whsec_${randomBytes(8).toString('base64')}` })).toThrow(/WEBHOOK_SECRET/)
  })
})
