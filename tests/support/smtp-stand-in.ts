/**
 * A real SMTP server for the tests (the `smtp-server` package, the one
 * Nodemailer's author keeps): it speaks SMTP on a free local port, asks for
 * AUTH (PLAIN or LOGIN) and checks the account, and keeps each message it
 * accepts, parsed (`mailparser`) with its envelope. `answer()` sets how the
 * next messages are answered, as mail servers do: accepted (250), a
 * temporary refusal (4xx: greylisting, a full mailbox), a final one (5xx: no
 * such mailbox), silence after DATA (a hung server), or a tarpit: after DATA
 * it sends one continuation line (`250-…`) every `lineEveryMs`, which resets
 * a client's idle timeout each time, and accepts the message after `forMs`
 * (or never, with `forMs: null`). A message held in the tarpit, or hung,
 * whose client left before the final answer is not kept: the server never
 * said it took it. An accepted message is kept as the server takes it (as a
 * real server queues it on the final dot), with when it was taken and its
 * connection's times: whether its 250 reached the client is the client's
 * business, and a message sent again after a lost answer is kept twice.
 */
import type { AddressInfo, Socket } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type SmtpAnswer =
  { kind: 'accept' } | { kind: 'refuse'; code: number; message: string } | { kind: 'hang' } | { kind: 'tarpit'; lineEveryMs: number; forMs: number | null }

/** One client connection, as the server saw it (epoch ms): when it opened, and when it closed (null while open). */
export type SmtpConnection = { openedAt: number; closedAt: number | null }

export type ReceivedMail = {
  envelope: { from: string; to: string[] }
  mail: ParsedMail
  raw: string
  user: string | undefined
  /** The connection it came on; `takenAt`: when the server took it (before writing its 250). */
  connection: SmtpConnection
  takenAt: number
}

export type SmtpStandIn = {
  /** smtp://user:password@127.0.0.1:port, as SMTP_URL is written. */
  url: string
  received: ReceivedMail[]
  /** Messages that reached DATA, answered or not (a hung one counts here, not in `received`). */
  attempts: () => number
  /** Messages held in the tarpit now (their client still connected, no final answer yet). */
  tarpitted: () => number
  /** Messages whose client left before their final answer (a tarpit or a hang): not kept. */
  abandoned: () => number
  answer: (next: (attempt: number) => SmtpAnswer) => void
  close: () => Promise<void>
}

export const SMTP_USER = 'vendas-site'
export const SMTP_PASSWORD = 'senha-do-smtp-de-teste'

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  let attempts = 0
  let tarpitted = 0
  let abandoned = 0
  /** The client's socket of each session, by its port: the tarpit writes its lines there. */
  const sockets = new Map<number, Socket>()
  const connections = new Map<number, SmtpConnection>()
  const tarpitLines = new Set<NodeJS.Timeout>()
  let decide: (attempt: number) => SmtpAnswer = () => ({ kind: 'accept' })
  const server = new SMTPServer({
    // No certificate here: AUTH over plain TCP, as a local relay would allow.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    // A hung exchange must not hold the test's close for the default 30 s.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username })
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onData(stream, session, callback) {
      const attempt = ++attempts
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const answer = decide(attempt)
        const socket = sockets.get(session.remotePort)
        const keep = (kept = () => {}) => {
          const raw = Buffer.concat(chunks).toString('utf8')
          void simpleParser(raw).then((mail) => {
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              mail,
              raw,
              user: typeof session.user === 'string' ? session.user : undefined,
              connection: connections.get(session.remotePort) ?? { openedAt: Date.now(), closedAt: null },
              takenAt: Date.now(),
            })
            kept()
            callback()
          }, callback)
        }
        if (answer.kind === 'hang') {
          socket?.once('close', () => abandoned++)
          return
        }
        if (answer.kind === 'refuse') return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }))
        if (answer.kind === 'accept') return keep()
        tarpitted++
        const started = Date.now()
        const line = setInterval(() => {
          const gone = !socket || socket.destroyed
          const done = answer.forMs !== null && Date.now() - started >= answer.forMs
          if (!gone && !done) return void socket.write('250-Aguarde, processando a mensagem\r\n')
          clearInterval(line)
          tarpitLines.delete(line)
          if (gone) {
            tarpitted--
            abandoned++
            return callback(new Error('client left'))
          }
          keep(() => tarpitted--)
        }, answer.lineEveryMs)
        tarpitLines.add(line)
      })
    },
  })
  // A client that cuts its connection (an attempt past its deadline destroys the socket) is not the server's error.
  server.on('error', () => {})
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort
    if (port === undefined) return
    const connection: SmtpConnection = { openedAt: Date.now(), closedAt: null }
    sockets.set(port, socket)
    connections.set(port, connection)
    socket.once('close', () => {
      connection.closedAt = Date.now()
      sockets.delete(port)
      connections.delete(port)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    tarpitted: () => tarpitted,
    abandoned: () => abandoned,
    answer: (next) => {
      decide = next
    },
    close: () => {
      for (const line of tarpitLines) clearInterval(line)
      tarpitLines.clear()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
