/**
 * A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL, for a database
 * outage that only the instances behind it see): `cut()` destroys every
 * connection through it and refuses new ones until `restore()`, as a
 * PostgreSQL that restarts or a network that drops would. `refuseAfter(n)`
 * lets `n` more connections through, then refuses new ones (those open stay).
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export type TcpProxy = { port: number; cut(): void; refuseAfter(connections: number): void; restore(): void; close(): Promise<void> }

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let open = true
  let allowance = Infinity
  const server: Server = createServer((client) => {
    if (!open || allowance <= 0) return client.destroy()
    allowance--
    const upstream = connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
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
