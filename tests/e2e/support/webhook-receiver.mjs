// The outside services of the e2e suite (a second Playwright web server):
// - HTTP on RECEIVER_PORT: POST anything and it is kept in memory (the lead
//   webhooks, and the CRMs' calls: RDSTATION_API_URL and HUBSPOT_API_URL point
//   here); GET /received lists what arrived (path, headers, body), so a test
//   can read the payload its form produced; GET /mail lists the e-mails the SMTP server
//   below accepted; GET /healthz answers 200.
// - SMTP on SMTP_PORT (the `smtp-server` package): the sales team's e-mail
//   on every lead (SMTP_URL), with AUTH checked, each message parsed.
import http from 'node:http'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const port = Number(process.env.RECEIVER_PORT ?? 4174)
const smtpPort = Number(process.env.SMTP_PORT ?? 4175)
const received = []
const mail = []

new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === process.env.SMTP_USER && auth.password === process.env.SMTP_PASSWORD) return callback(null, { user: auth.username })
    return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
  },
  onData(stream, session, callback) {
    simpleParser(stream).then((parsed) => {
      mail.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), subject: parsed.subject, text: parsed.text, messageId: parsed.messageId })
      callback()
    }, callback)
  },
}).listen(smtpPort, '127.0.0.1')

http
  .createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(request.url === '/received' ? JSON.stringify(received) : request.url === '/mail' ? JSON.stringify(mail) : '{"ok":true}')
      return
    }
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ path: request.url, headers: request.headers, body: JSON.parse(body || 'null') })
      response.writeHead(204)
      response.end()
    })
  })
  .listen(port, '127.0.0.1')
