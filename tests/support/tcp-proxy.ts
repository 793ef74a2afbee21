/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL, for a database
 * outage that only the instances behind it see): `cut()` destroys every
 * connection through it and refuses new ones until `restore()`, as a
 * PostgreSQL that restarts or a network that drops would. `refuseAfter(n)`
 * lets `n` more connections through, then refuses new ones (those open stay).
 * `terminateAtFirstStatement()` ends the next connection as PostgreSQL ends a
 * backend it terminates (a restart, `pg_terminate_backend`): once its start-up
 * is done, the client's first statement is answered with the FATAL 57P01
 * ErrorResponse and the socket closes.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  port: number
  cut(): void
  refuseAfter(connections: number): void
  terminateAtFirstStatement(): void
  restore(): void
  close(): Promise<void>
}

/** The ErrorResponse a terminated backend sends before it closes (PostgreSQL's protocol, message formats). */
function terminatingError(): Buffer {
  const fields = Buffer.from(
    ['SFATAL', 'VFATAL', 'C57P01', 'Mterminating connection due to administrator command'].map((field) => `${field}\0`).join('') + '\0',
  )
  const header = Buffer.alloc(5)
  header.write('E', 0)
  header.writeInt32BE(4 + fields.length, 1)
  return Buffer.concat([header, fields])
}

/**
 * Passes a client's bytes on message by message until its first statement (a
 * simple Query or an extended Parse, after the start-up message and the
 * authentication's answers), then sends the 57P01 error back and closes.
 */
function terminateAtFirstStatement(client: Socket, upstream: Socket): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0)
  let started = false
  let terminated = false
  return (chunk) => {
    // After the termination the client may still write (its Sync, a Terminate): nothing more goes anywhere.
    if (terminated) return
    pending = Buffer.concat([pending, chunk])
    for (;;) {
      // The start-up message has no type byte: its length comes first.
      const headerLength = started ? 5 : 4
      if (pending.length < headerLength) return
      const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0)
      if (pending.length < length) return
      if (started && (pending[0] === 0x51 || pending[0] === 0x50)) {
        terminated = true
        upstream.destroy()
        client.end(terminatingError())
        return
      }
      upstream.write(pending.subarray(0, length))
      pending = pending.subarray(length)
      started = true
    }
  }
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let open = true
  let allowance = Infinity
  let terminateNext = false
  const server: Server = createServer((client) => {
    if (!open || allowance <= 0) return client.destroy()
    allowance--
    const upstream = connect(target.port, target.host)
    if (terminateNext) {
      terminateNext = false
      client.on('data', terminateAtFirstStatement(client, upstream))
      upstream.pipe(client)
    } else client.pipe(upstream).pipe(client)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false
      for (const socket of sockets) socket.destroy()
    },
    refuseAfter(connections) {
      allowance = connections
    },
    terminateAtFirstStatement() {
      terminateNext = true
    },
    restore() {
      open = true
      allowance = Infinity
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
