import { and, count, eq, gt, lte, min, sql } from 'drizzle-orm'
import { getEnv } from '~/utils/env.server'
import { getDatabase, type Database } from '../../db/client'
import { rateLimitHits } from '../../db/schema'

/**
 * The lead posts' rate limit: at most `limit()` posts per key in any
 * `windowMs`. Two implementations behind one interface:
 * - in memory (SlidingWindowRateLimiter): the embedded default, one process;
 * - in PostgreSQL (DatabaseRateLimiter), when DATABASE_URL is set: every
 *   instance behind the load balancer counts in the same table, so three
 *   instances enforce one limit, not three.
 */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type RateLimiter = { hit(key: string, now?: number): Promise<RateLimitDecision> }

/**
 * Sliding-window log: at most `limit` hits per key in any `windowMs`. In
 * memory, per process (one instance, or sticky routing). Old keys are swept
 * as the map grows, so it cannot grow without bound.
 */
export class SlidingWindowRateLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 50_000,
  ) {}

  hit(key: string, now: number = Date.now()): RateLimitDecision {
    const since = now - this.windowMs
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since)
    if (recent.length >= this.limit()) {
      this.hits.set(key, recent)
      const oldest = recent[0] ?? now
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) }
    }
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > this.maxKeys) this.sweep(now)
    return { allowed: true }
  }

  /** Drops keys with no hit inside the window (and the oldest keys if still too many). */
  sweep(now: number = Date.now()): void {
    const since = now - this.windowMs
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key)
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break
      this.hits.delete(key)
    }
  }

  reset(): void {
    this.hits.clear()
  }
}

export function memoryRateLimiter(limiter: SlidingWindowRateLimiter): RateLimiter {
  return { hit: async (key, now) => limiter.hit(key, now) }
}

/** How often (1 in N posts) a post also deletes every expired row (of any limiter), not only its own key's. */
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

  /**
   * Counts a hit on `key` unless it already has `limit` in the window (the
   * limiter's own limit unless given, `Infinity` to count without refusing);
   * says how many it had before this one (`earlier`), read under the lock.
   */
  async hit(key: string, now: number = Date.now(), limit: number = this.limit()): Promise<RateLimitDecision & { earlier: number }> {
    const at = new Date(now)
    const since = new Date(now - this.windowMs)
    const sweep = ++this.posts % SWEEP_EVERY === 0
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
      // Its own key's rows by its own window; everyone's rows only past their own expiry.
      await tx.delete(rateLimitHits).where(sweep ? lte(rateLimitHits.expiresAt, at) : and(eq(rateLimitHits.key, key), lte(rateLimitHits.hitAt, since)))
      const inWindow = and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since))
      const [row] = await tx
        .select({ hits: count(), oldest: min(rateLimitHits.hitAt) })
        .from(rateLimitHits)
        .where(inWindow)
      const earlier = row?.hits ?? 0
      if (earlier >= limit) {
        const oldestMs = row?.oldest ? new Date(row.oldest).getTime() : now
        return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil((oldestMs + this.windowMs - now) / 1000)), earlier }
      }
      await tx.insert(rateLimitHits).values({ key, hitAt: at, expiresAt: new Date(now + this.windowMs) })
      return { allowed: true as const, earlier }
    })
  }

  /** Takes back one hit `hit(key, now)` counted (an attempt that turned out not to count, such as a right password). */
  async release(key: string, now: number): Promise<void> {
    await this.db.execute(
      sql`delete from ${rateLimitHits} where ctid in (select ctid from ${rateLimitHits} where ${rateLimitHits.key} = ${key} and ${rateLimitHits.hitAt} = ${new Date(now).toISOString()}::timestamptz limit 1)`,
    )
  }
}

let memoryLimiter: SlidingWindowRateLimiter | undefined
let processLimiter: RateLimiter | undefined

/** The in-memory limiter of this process (the embedded default; tests reset it). */
export function memoryLeadLimiter(): SlidingWindowRateLimiter {
  memoryLimiter ??= new SlidingWindowRateLimiter(() => getEnv().LEAD_RATE_LIMIT_PER_MINUTE)
  return memoryLimiter
}

/**
 * The lead-post limiter (LEAD_RATE_LIMIT_PER_MINUTE per address per form):
 * counted in PostgreSQL when DATABASE_URL is set, so every instance shares
 * it; in this process's memory with the embedded database.
 */
export function leadRateLimiter(): RateLimiter {
  if (!processLimiter) {
    const env = getEnv()
    processLimiter = env.DATABASE_URL
      ? new DatabaseRateLimiter(getDatabase(env).db, () => getEnv().LEAD_RATE_LIMIT_PER_MINUTE)
      : memoryRateLimiter(memoryLeadLimiter())
  }
  return processLimiter
}

const namedLimiters = new Map<string, RateLimiter>()

/**
 * A limit of its own for one kind of request beside the lead forms (the
 * preview link, the funnel beacon): `limit()` hits per key in `windowMs`
 * (read on every hit, like the lead limit, so a changed setting counts),
 * counted like the lead limit (in PostgreSQL when DATABASE_URL is set, so
 * every instance shares it; in memory with the embedded database). `name`
 * prefixes its keys, so two limits never share a budget.
 */
export function namedRateLimiter(name: string, limit: () => number, windowMs = 60_000): RateLimiter {
  let limiter = namedLimiters.get(name)
  if (!limiter) {
    const env = getEnv()
    const counter: RateLimiter = env.DATABASE_URL
      ? new DatabaseRateLimiter(getDatabase(env).db, limit, windowMs)
      : memoryRateLimiter(new SlidingWindowRateLimiter(limit, windowMs))
    limiter = { hit: (key, now) => counter.hit(`${name}|${key}`, now) }
    namedLimiters.set(name, limiter)
  }
  return limiter
}

/** Forget the chosen limiters (tests switching databases). */
export function resetLeadRateLimiter() {
  memoryLimiter?.reset()
  processLimiter = undefined
  namedLimiters.clear()
}

/** The limiter key: one bucket per form per client address. */
export function rateLimitKey(form: string, clientIp: string): string {
  return `${form}|${clientIp}`
}
