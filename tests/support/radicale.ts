/**
 * A real CalDAV server for the tests: Debian's Radicale (`apt install
 * radicale`, which .ci/run installs), started on a free local port with its
 * own storage folder and one account checked by Basic auth (htpasswd), and
 * no other configuration. `makeCalendar(name)` creates a calendar of the
 * account (MKCALENDAR, through tsdav) and returns its address; `stop()` and
 * `start()` take the server away and bring it back on the same port and
 * storage (a calendar that is down).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeCalendar } from 'tsdav'

export const RADICALE_USER = 'agenda'
export const RADICALE_PASSWORD = 'senha-da-agenda-de-teste'

export type Radicale = {
  /** The server's address, as CALDAV_URL is written. */
  url: string
  basicAuth: Record<string, string>
  makeCalendar: (name: string) => Promise<string>
  stop: () => Promise<void>
  start: () => Promise<void>
  close: () => Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(join(tmpdir(), 'radicale-'))
  const users = join(folder, 'users')
  writeFileSync(users, `${RADICALE_USER}:${RADICALE_PASSWORD}\n`)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const basicAuth = { authorization: `Basic ${Buffer.from(`${RADICALE_USER}:${RADICALE_PASSWORD}`).toString('base64')}` }
  let child: ChildProcess | null = null

  async function start() {
    if (child && child.exitCode === null) return
    // The Debian script runs Radicale on Debian's python3, whatever python3 comes first in PATH.
    child = spawn(
      '/usr/bin/radicale',
      [
        '--config',
        '',
        '--server-hosts',
        `127.0.0.1:${port}`,
        '--storage-filesystem-folder',
        join(folder, 'collections'),
        '--auth-type',
        'htpasswd',
        '--auth-htpasswd-filename',
        users,
        '--auth-htpasswd-encryption',
        'plain',
        '--logging-level',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let said = ''
    child.stderr?.on('data', (chunk: Buffer) => (said = `${said}${chunk.toString()}`.slice(-2_000)))
    const until = Date.now() + 15_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Radicale stopped at start: ${said}`)
      const answer = await fetch(url, { method: 'PROPFIND', headers: { ...basicAuth, depth: '0' } }).catch(() => null)
      if (answer && answer.status === 207) return
      if (Date.now() > until) throw new Error(`Radicale did not answer: ${said}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  async function stop() {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }

  await start()
  return {
    url,
    basicAuth,
    async makeCalendar(name) {
      const calendarUrl = `${url}${RADICALE_USER}/${name}/`
      const [answer] = await makeCalendar({ url: calendarUrl, props: { displayname: name }, headers: basicAuth })
      if (answer && !answer.ok) throw new Error(`MKCALENDAR ${name}: ${answer.status} ${answer.statusText}`)
      return calendarUrl
    },
    stop,
    start,
    async close() {
      await stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
