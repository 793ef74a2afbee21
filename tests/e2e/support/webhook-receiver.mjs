// A webhook receiver for the e2e suite (a second Playwright web server).
// POST anything: it is kept in memory. GET /received lists what arrived, so a
// test can read the payload its form produced. GET /healthz answers 200.
import http from 'node:http'

const port = Number(process.env.RECEIVER_PORT ?? 4174)
const received = []

http
  .createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(request.url === '/received' ? JSON.stringify(received) : '{"ok":true}')
      return
    }
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body || 'null') })
      response.writeHead(204)
      response.end()
    })
  })
  .listen(port, '127.0.0.1')
