import { and, count, eq, gt, lte, min, sql } from 'drizzle-orm'
import { getEnv } from '~/utils/env.server'
import { getDatabase, type Database } from '../../db/client'
import { rateLimitHits } from '../../db/schema'

/**
 * Rate limits (ADR 027): at most `limit()` hits per key in any `windowMs`.
 * Every limiter of the site is made by `rateLimiter()`, and only limits:
 * locks and once-only sets have their own tables (Pipedrive's
 * `pipedrive_person_locks`, the funnel's `funnel_finishes`). A key about an
 * e-mail carries its digest (email-key.server.ts), never the e-mail.
 *
 * A limiter counts in one of two stores:
 * - in memory (a sliding-window log per process): the embedded default, one
 *   process, and the request guard's flood limit, per instance by design;
 * - in PostgreSQL (the `rate_limit_hits` table), so every instance behind
 *   the load balancer counts in the same table: three instances enforce one
 *   limit, not three.
 * Unless told, the environment chooses: the database when DATABASE_URL is
 * set, memory with the embedded database.
 */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type RateLimiter = { readonly name: string; hit(key: string, now?: number): Promise<RateLimitDecision> }

/** A limiter in this process's memory: answers at once, before any I/O. */
export type MemoryRateLimiter = { readonly name: string; hit(key: string, now?: number): RateLimitDecision }

/** A hit counted in the database, with how many the key had before it (read under the key's lock). */
export type CountedDecision = RateLimitDecision & { earlier: number }

/** A limiter in the database, for limits that count failures: a hit can be taken back. */
export type DatabaseRateLimiter = {
  readonly name: string
  /** Counts a hit unless the key has its limit in the window (this hit's own `limit`, `Infinity` to count without refusing, when given). */
  hit(key: string, now?: number, limit?: number): Promise<CountedDecision>
  /** Takes back one hit that `hit(key, now)` counted (an attempt that turned out not to count, such as a right password). */
  release(key: string, now: number): Promise<void>
}

export type RateLimiterDefinition = {
  /** Prefixes every key (`name|key`), so two limits never share a budget. One name is one budget: one window, one store. */
  name: string
  /** Hits allowed per key in the window: read on every hit, so a changed setting counts at once. */
  limit: () => number
  /** 60 s unless given. */
  windowMs?: number
}

type StoreChoice = 'memory' | 'database' | 'environment'

/** Keys a memory log keeps before it sweeps idle ones. */
const MEMORY_MAX_KEYS = 50_000

/**
 * Sliding-window log in memory: the hit times of each key inside the
 * window. Old keys are swept as the map grows, so it cannot grow without bound.
 */
class MemoryLog {
  private readonly hits = new Map<string, number[]>()

  constructor(private readonly maxKeys: number) {}

  hit(key: string, limit: number, windowMs: number, now: number): RateLimitDecision {
    const since = now - windowMs
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since)
    if (recent.length >= limit) {
      this.hits.set(key, recent)
      const oldest = recent[0] ?? now
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) }
    }
    recent.push(now)
    this.hits.set(key, recent)
    if (this.hits.size > this.maxKeys) this.sweep(since)
    return { allowed: true }
  }

  /** Drops keys with no hit after `since` (and the oldest keys if still too many). */
  private sweep(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key)
    }
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break
      this.hits.delete(key)
    }
  }

  clear(): void {
    this.hits.clear()
  }
}

/** How often (1 in N hits) a hit also deletes every expired row (of any limiter), not only its own key's. */
const SWEEP_EVERY = 200
let databaseHits = 0

/**
 * A hit in the `rate_limit_hits` table. It takes a transaction-scoped
 * advisory lock on its key, counts the key's rows inside the window and,
 * when under the limit, adds its own: two instances racing on one key are
 * serialised, so the limit is exact, never loose.
 */
function countInDatabase(db: Database, key: string, limit: number, windowMs: number, now: number): Promise<CountedDecision> {
  const at = new Date(now)
  const since = new Date(now - windowMs)
  const sweep = ++databaseHits % SWEEP_EVERY === 0
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    // Its own key's rows by its own window; everyone's rows only past their own expiry.
    await tx.delete(rateLimitHits).where(sweep ? lte(rateLimitHits.expiresAt, at) : and(eq(rateLimitHits.key, key), lte(rateLimitHits.hitAt, since)))
    const [row] = await tx
      .select({ hits: count(), oldest: min(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since)))
    const earlier = row?.hits ?? 0
    if (earlier >= limit) {
      const oldestMs = row?.oldest ? new Date(row.oldest).getTime() : now
      return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil((oldestMs + windowMs - now) / 1000)), earlier }
    }
    await tx.insert(rateLimitHits).values({ key, hitAt: at, expiresAt: new Date(now + windowMs) })
    return { allowed: true as const, earlier }
  })
}

async function releaseInDatabase(db: Database, key: string, now: number): Promise<void> {
  await db.execute(
    sql`delete from ${rateLimitHits} where ctid in (select ctid from ${rateLimitHits} where ${rateLimitHits.key} = ${key} and ${rateLimitHits.hitAt} = ${new Date(now).toISOString()}::timestamptz limit 1)`,
  )
}

/** What a name was defined with, and its counts in memory (one log per name: a flood of one limit never sweeps another's). */
type NameEntry = { windowMs: number; store: StoreChoice; maxKeys: number; memory: MemoryLog }
const names = new Map<string, NameEntry>()

function entryFor(definition: RateLimiterDefinition, store: StoreChoice, maxKeys: number): NameEntry {
  const windowMs = definition.windowMs ?? 60_000
  const known = names.get(definition.name)
  if (known) {
    if (known.windowMs !== windowMs || known.store !== store || known.maxKeys !== maxKeys) {
      throw new Error(
        `Rate limiter "${definition.name}" is already defined with a ${known.windowMs} ms window in ${known.store}; ` +
          `a second definition with a ${windowMs} ms window in ${store} would share its budget. Give it a name of its own.`,
      )
    }
    return known
  }
  const entry: NameEntry = { windowMs, store, maxKeys, memory: new MemoryLog(maxKeys) }
  names.set(definition.name, entry)
  return entry
}

/**
 * The one way to make a limiter. Its `limit()` is read on every hit (each
 * definition's own: a second definition of a name counts in the same budget
 * with its own limit, never silently with the first one's). Defining a name
 * again with another window or store throws: one name is one budget.
 * - `store: 'memory'`: this process's memory, answered synchronously (the
 *   request guard's flood limit, per instance on purpose);
 * - `store: 'database'` with `db`: that database's `rate_limit_hits`, hits
 *   that say how many came before and can be taken back (the admin sign-in);
 * - no store: the environment's (the database with DATABASE_URL, else memory),
 *   chosen on each hit.
 */
export function rateLimiter(definition: RateLimiterDefinition & { store: 'memory'; maxKeys?: number }): MemoryRateLimiter
export function rateLimiter(definition: RateLimiterDefinition & { store: 'database'; db: Database }): DatabaseRateLimiter
export function rateLimiter(definition: RateLimiterDefinition & { store?: undefined }): RateLimiter
export function rateLimiter(
  definition: RateLimiterDefinition & { store?: 'memory' | 'database'; db?: Database; maxKeys?: number },
): MemoryRateLimiter | DatabaseRateLimiter | RateLimiter {
  const { name, limit } = definition
  const entry = entryFor(definition, definition.store ?? 'environment', definition.maxKeys ?? MEMORY_MAX_KEYS)
  const { windowMs, memory } = entry
  const prefixed = (key: string) => `${name}|${key}`
  if (definition.store === 'memory') {
    return { name, hit: (key, now = Date.now()) => memory.hit(prefixed(key), limit(), windowMs, now) } satisfies MemoryRateLimiter
  }
  if (definition.store === 'database') {
    const { db } = definition
    if (!db) throw new Error(`Rate limiter "${name}": a database store needs its database`)
    return {
      name,
      hit: (key, now = Date.now(), over = limit()) => countInDatabase(db, prefixed(key), over, windowMs, now),
      release: (key, now) => releaseInDatabase(db, prefixed(key), now),
    } satisfies DatabaseRateLimiter
  }
  return {
    name,
    hit: async (key, now = Date.now()) => {
      const env = getEnv()
      if (!env.DATABASE_URL) return memory.hit(prefixed(key), limit(), windowMs, now)
      const decision = await countInDatabase(getDatabase(env).db, prefixed(key), limit(), windowMs, now)
      return decision.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: decision.retryAfterSeconds }
    },
  } satisfies RateLimiter
}

/** Forgets every count kept in memory (tests); the definitions stay. */
export function resetLeadRateLimiter() {
  for (const entry of names.values()) entry.memory.clear()
}

/**
 * The lead posts' limit (LEAD_RATE_LIMIT_PER_MINUTE per address per form):
 * counted in PostgreSQL when DATABASE_URL is set, so every instance shares
 * it; in this process's memory with the embedded database.
 */
export const leadRateLimiter = rateLimiter({ name: 'lead', limit: () => getEnv().LEAD_RATE_LIMIT_PER_MINUTE })

/** The lead limiter's key: one bucket per form per client address. */
export function rateLimitKey(form: string, clientIp: string): string {
  return `${form}|${clientIp}`
}
