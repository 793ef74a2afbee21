import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { expect, test } from './fixtures'
import { startServer } from './support/servers'

/**
 * Two instances of the production build on one PostgreSQL, as behind a load
 * balancer: the lead rate limit is counted in the database, so posts spread
 * over both servers share one budget. Registered when TEST_DATABASE_URL
 * names a PostgreSQL server (CI); the embedded database is one process by design.
 */
const baseUrl = process.env.TEST_DATABASE_URL?.trim()
const LIMIT = 3

if (baseUrl) {
  test('@desktop @js two servers on one PostgreSQL enforce one lead rate limit', async () => {
    test.setTimeout(120_000)
    const name = `site_multi_${randomBytes(4).toString('hex')}`
    const admin = postgres(baseUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}"`)
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    const servers: Array<{ stop: () => Promise<void> }> = []
    try {
      const bases: string[] = []
      for (let index = 0; index < 2; index++) {
        const server = await startServer({
          DATABASE_URL: url.toString(),
          SESSION_SECRET: 'segredo-compartilhado-pelas-instancias',
          LEAD_RATE_LIMIT_PER_MINUTE: String(LIMIT),
          POST_RATE_LIMIT_PER_MINUTE: '1000',
        })
        servers.push(server)
        bases.push(server.base)
      }
      // Every post counts, refused ones too: empty posts, alternating between the instances.
      const post = async (base: string) => (await fetch(`${base}/contato`, { method: 'POST', body: new URLSearchParams(), redirect: 'manual' })).status
      const statuses = []
      for (let index = 0; index < LIMIT + 1; index++) statuses.push(await post(bases[index % 2]!))
      expect(statuses.slice(0, LIMIT)).not.toContain(429)
      expect(statuses[LIMIT]).toBe(429)
      // Either instance now refuses: the budget is one.
      expect(await post(bases[0]!)).toBe(429)
      expect(await post(bases[1]!)).toBe(429)
    } finally {
      for (const server of servers) await server.stop()
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    }
  })
}
