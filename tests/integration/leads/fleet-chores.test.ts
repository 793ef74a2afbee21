/**
 * A chore that must run once across the fleet (oncePerFleet, ADR 042): while
 * one instance runs it under its advisory lock, another instance's turn is
 * skipped; once it is done, the next turn runs. On PostgreSQL (two pooled
 * connections stand for two instances); the embedded database is one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oncePerFleet, type OutboxDeps, type WorkerChore } from '~/leads/outbox.server'
import type { DatabaseHandle } from '../../../db/client'
import { openPostgres } from '../../support/databases'

const baseUrl = process.env.TEST_DATABASE_URL?.trim()

describe.runIf(baseUrl)('chores once per fleet on PostgreSQL', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openPostgres(baseUrl!)
  })
  afterAll(() => handle?.close())

  it('skips a turn while another instance holds the chore, and runs the next one', async () => {
    const deps: OutboxDeps = { db: handle.db, timing: { timeoutMs: 1_000, retryScheduleMs: [] }, webhook: { url: null, secret: null, inlineTimeoutMs: 0 } }
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const runs: string[] = []
    const slow: WorkerChore = oncePerFleet({ name: 'retencao', everyMs: 1, run: async () => (runs.push('primeira'), held) })
    const other: WorkerChore = oncePerFleet({ name: 'retencao', everyMs: 1, run: async () => runs.push('segunda') })
    const unrelated: WorkerChore = oncePerFleet({ name: 'outra-tarefa', everyMs: 1, run: async () => runs.push('outra') })

    const first = slow.run(deps)
    await expect.poll(() => runs).toEqual(['primeira'])
    expect(await other.run(deps)).toEqual({ skipped: 'another instance holds the lock' })
    // Another chore has a lock of its own.
    await unrelated.run(deps)
    release()
    await first
    await other.run(deps)
    expect(runs).toEqual(['primeira', 'outra', 'segunda'])
  })
})
