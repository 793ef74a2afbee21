/**
 * A publish reaches every instance (ADR 042). Sanity's webhook lands on one
 * instance behind the load balancer; that one records the publish in
 * PostgreSQL (`content_publishes`: its id is the content version) and, in the
 * same transaction, queues the CDN purge of the publish's tags. Every other
 * instance learns of it one way: before a request reads its caches, it
 * compares the stored version with its own (at most once a second, waiting
 * 250 ms at most; app/server/app.ts) and drops its content and page caches
 * when the stored one is newer. Nothing is lost while a connection is down,
 * and it works behind any connection pooler: none serves old content for
 * more than about a second after its first request.
 *
 * With the embedded database there is one process: the instance that took
 * the webhook drops its caches itself, and no watch is started.
 */
import { desc } from 'drizzle-orm'
import { logJson } from '~/utils/log.server'
import type { Database } from '../../db/client'
import { contentPublishes } from '../../db/schema'
import { clearContentCache } from './content.server'

/** How often a cache read may ask PostgreSQL for the content version. */
export const VERSION_CHECK_EVERY_MS = 1_000
/** How long a cache read waits for that answer before serving what it has (the database may be away). */
export const VERSION_CHECK_WAIT_MS = 250

type Listener = () => void
const listeners = new Set<Listener>()

/** Runs `listener` whenever this instance learns of a publish (the server's page cache registers here). */
export function onContentPublished(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Drops this instance's cached content, and its cached pages through the listeners. */
export function dropContentCaches(reason: string, version?: number): void {
  const entries = clearContentCache()
  for (const listener of listeners) listener()
  logJson({ level: 'info', msg: 'content caches dropped', reason, version, staleEntries: entries })
}

export type PublishInput = {
  documentId: string | null
  documentType: string | null
  tags: string[]
  /** Sanity's `idempotency-key`: a redelivered webhook is the same publish. */
  idempotencyKey: string | null
  /** The webhook's signature (one body at one instant): the same call replayed under any idempotency key is the same publish. */
  signature: string
  /** Queues work in the publish's own transaction (the CDN purges: cache-purge outbox rows). */
  alsoInTransaction?: (tx: Database) => Promise<void>
}

/**
 * Records a publish in one transaction with what `alsoInTransaction` queues;
 * the other instances see its version on their next check. A publish seen before (same idempotency key, or same signature:
 * a captured call replayed under a new key) records nothing: `null`. Both
 * are unique in the table, so two instances taking the same call at once
 * record it once. Throws when the database cannot be reached (the webhook answers
 * 503 and Sanity retries).
 */
export async function recordPublish(db: Database, input: PublishInput): Promise<{ version: number } | null> {
  const version = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentPublishes)
      .values({
        documentId: input.documentId,
        documentType: input.documentType,
        tags: input.tags,
        idempotencyKey: input.idempotencyKey,
        signature: input.signature,
      })
      // Either unique column: the idempotency key or the signature.
      .onConflictDoNothing()
      .returning({ id: contentPublishes.id })
    if (!row) return null
    await input.alsoInTransaction?.(tx)
    return row.id
  })
  if (version === null) return null
  // This instance drops its caches itself (the caller): its next check finds nothing newer.
  watch?.adopt(version)
  return { version }
}

/** The newest content version (0 before any publish). */
export async function currentContentVersion(db: Database): Promise<number> {
  const [row] = await db.select({ id: contentPublishes.id }).from(contentPublishes).orderBy(desc(contentPublishes.id)).limit(1)
  return row?.id ?? 0
}

class VersionWatch {
  #known: number | undefined
  #checkedAt = 0
  #checking: Promise<void> | undefined

  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  /** A version whose publish this instance has already acted on. */
  adopt(version: number): void {
    if (this.#known === undefined || version > this.#known) this.#known = version
  }

  /** The stored version, as a check read it: newer than ours drops the caches. */
  saw(version: number): void {
    if (this.#known !== undefined && version <= this.#known) return
    const first = this.#known === undefined
    this.#known = version
    // The first version read is the baseline: caches filled since start are as new as it.
    if (!first) dropContentCaches('version check', version)
  }

  /** Compares the stored version with ours, at most once per VERSION_CHECK_EVERY_MS; waits VERSION_CHECK_WAIT_MS at most. */
  async check(): Promise<void> {
    if (this.now() - this.#checkedAt < VERSION_CHECK_EVERY_MS) return
    this.#checkedAt = this.now()
    this.#checking ??= currentContentVersion(this.db)
      .then((version) => this.saw(version))
      .catch((error: unknown) => logJson({ level: 'warn', msg: 'content version check failed', error }))
      .finally(() => (this.#checking = undefined))
    let timer: NodeJS.Timeout | undefined
    await Promise.race([this.#checking, new Promise<void>((resolve) => (timer = setTimeout(resolve, VERSION_CHECK_WAIT_MS)))])
    clearTimeout(timer)
  }
}

let watch: VersionWatch | undefined

/**
 * Before a cache read: makes sure this instance has not missed a publish
 * (a no-op until `watchContentVersion` ran, as with the embedded database).
 */
export async function ensureFreshContent(): Promise<void> {
  await watch?.check()
}

/**
 * Starts this instance's watch: reads the stored version now (the baseline),
 * then on cache reads (`ensureFreshContent`). Returns a stop function.
 */
export async function watchContentVersion(db: Database, now: () => number = Date.now): Promise<() => Promise<void>> {
  const current = new VersionWatch(db, now)
  watch = current
  await current.check()
  return async () => {
    if (watch === current) watch = undefined
  }
}
