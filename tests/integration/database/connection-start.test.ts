/**
 * A connection PostgreSQL terminates while it starts (a restart meeting an
 * instance that starts, or a pool that grows): the statement it carried may
 * fail, the process must not. postgres.js's array-type read at connection
 * start drops its promise (porsager/postgres#1192, #1223): with it on, the
 * termination became an unhandled rejection, which ends a Node process
 * (the CI drill's instance that "left by itself"). db/client.ts turns it off.
 */
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf, type DatabaseHandle } from '../../../db/client'
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy'

const baseUrl = process.env.TEST_DATABASE_URL?.trim()

const codeOf = (error: unknown): unknown => {
  const found = error as { code?: unknown; cause?: { code?: unknown } }
  return found.cause?.code ?? found.code
}

describe.runIf(baseUrl)('a connection terminated as it starts, on PostgreSQL', () => {
  let proxy: TcpProxy | undefined
  let handle: DatabaseHandle | undefined
  const unhandled: unknown[] = []
  const noteUnhandled = (reason: unknown) => unhandled.push(reason)

  afterEach(async () => {
    process.off('unhandledRejection', noteUnhandled)
    await handle?.close()
    await proxy?.close()
  })

  it('leaves no unhandled rejection, and the pool answers again', async () => {
    const target = new URL(baseUrl!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const throughProxy = new URL(baseUrl!)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    handle = openDatabase({ url: throughProxy.toString(), maxConnections: 1 })
    process.on('unhandledRejection', noteUnhandled)

    proxy.terminateAtFirstStatement()
    const first = await handle.db.execute(sql`select 1 as answer`).then(
      () => 'answered',
      (error: unknown) => codeOf(error),
    )
    // The statement after may still carry the terminated backend's 57P01: postgres.js replays it onto the next
    // connection's first statement (porsager/postgres#1223). The one after that is answered.
    const second = await handle.db.execute(sql`select 2 as answer`).then(
      () => 'answered',
      (error: unknown) => codeOf(error),
    )
    const third = await rowsOf<{ answer: number }>(handle.db, sql`select 3 as answer`)
    // Node reports an unhandled rejection once the microtasks of the turn that made it have run.
    await new Promise((resolve) => setImmediate(resolve))

    expect(unhandled).toEqual([])
    expect(['answered', '57P01', 'CONNECTION_CLOSED']).toContain(first)
    expect(['answered', '57P01']).toContain(second)
    expect(third).toEqual([{ answer: 3 }])
  })
})
