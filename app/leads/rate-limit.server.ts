import { and, asc, count, eq, gt, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rateLimitHits } from '../../db/schema'
import type { RateLimitDecision, SlidingWindowRateLimiter } from './abuse.server'

/**
 * The lead posts' rate limit: at most `limit()` posts per key in any
 * `windowMs`. Two implementations behind one interface:
 * - in memory (SlidingWindowRateLimiter): the embedded default, one process;
 * - in PostgreSQL (DatabaseRateLimiter), when DATABASE_URL is set: every
 *   instance behind the load balancer counts in the same table, so three
 *   instances enforce one limit, not three.
 */
export type RateLimiter = { hit(key: string, now?: number): Promise<RateLimitDecision> }

export function memoryRateLimiter(limiter: SlidingWindowRateLimiter): RateLimiter {
  return { hit: async (key, now) => limiter.hit(key, now) }
}

/** How often (1 in N posts) a post also deletes every expired row, not only its own key's. */
const SWEEP_EVERY = 200

/**
 * A sliding-window log in the `rate_limit_hits` table. Each post takes a
 * transaction-scoped advisory lock on its key, counts the key's rows inside
 * the window and, when under the limit, adds its own: two instances racing
 * on one key are serialised, so the limit is exact, never loose.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private posts = 0

  constructor(
    private readonly db: Database,
    private readonly limit: () => number,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string, now: number = Date.now()): Promise<RateLimitDecision> {
    const at = new Date(now)
    const since = new Date(now - this.windowMs)
    const sweep = ++this.posts % SWEEP_EVERY === 0
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
      await tx.delete(rateLimitHits).where(sweep ? lte(rateLimitHits.hitAt, since) : and(eq(rateLimitHits.key, key), lte(rateLimitHits.hitAt, since)))
      const [row] = await tx
        .select({ hits: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since)))
      if ((row?.hits ?? 0) >= this.limit()) {
        const [oldest] = await tx
          .select({ hitAt: rateLimitHits.hitAt })
          .from(rateLimitHits)
          .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since)))
          .orderBy(asc(rateLimitHits.hitAt))
          .limit(1)
        const oldestMs = oldest?.hitAt.getTime() ?? now
        return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil((oldestMs + this.windowMs - now) / 1000)) }
      }
      await tx.insert(rateLimitHits).values({ key, hitAt: at })
      return { allowed: true as const }
    })
  }
}
