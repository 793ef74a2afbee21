/**
 * A real SMTP server for the tests (the `smtp-server` package, the one
 * Nodemailer's author keeps): it speaks SMTP on a free local port, asks for
 * AUTH (PLAIN or LOGIN) and checks the account, and keeps each message it
 * accepts, parsed (`mailparser`) with its envelope. `answer()` sets how the
 * next messages are answered, as mail servers do: accepted (250), a
 * temporary refusal (4xx: greylisting, a full mailbox), a final one (5xx: no
 * such mailbox) or silence after DATA (a hung server).
 */
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type SmtpAnswer = { kind: 'accept' } | { kind: 'refuse'; code: number; message: string } | { kind: 'hang' }

export type ReceivedMail = { envelope: { from: string; to: string[] }; mail: ParsedMail; raw: string; user: string | undefined }

export type SmtpStandIn = {
  /** smtp://user:password@127.0.0.1:port, as SMTP_URL is written. */
  url: string
  received: ReceivedMail[]
  /** Messages that reached DATA, answered or not (a hung one counts here, not in `received`). */
  attempts: () => number
  answer: (next: (attempt: number) => SmtpAnswer) => void
  close: () => Promise<void>
}

export const SMTP_USER = 'vendas-site'
export const SMTP_PASSWORD = 'senha-do-smtp-de-teste'

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  let attempts = 0
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
        if (answer.kind === 'hang') return
        if (answer.kind === 'refuse') return callback(Object.assign(new Error(answer.message), { responseCode: answer.code }))
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
          })
          callback()
        }, callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    answer: (next) => {
      decide = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
