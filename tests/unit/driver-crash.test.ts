import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isKnownDriverCrash } from '../../db/client'

/**
 * The workaround for postgres.js's crash on a closed socket (db/client.ts,
 * ADR 042) stays only while the installed driver has the bug: this reads the
 * installed source, and fails once `nextWrite` guards its socket (then remove
 * the `uncaughtException` handler in app/server/start.server.ts).
 */
const driverSource = () => {
  // The ES module the server imports (node_modules/postgres/src), not the CommonJS copy.
  const entry = createRequire(import.meta.url).resolve('postgres')
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}postgres${path.sep}`) + `${path.sep}postgres`.length)
  return readFileSync(path.join(root, 'src', 'connection.js'), 'utf8')
}

describe('the postgres.js closed-socket crash', () => {
  it('is still in the installed driver: nextWrite writes to the socket without checking it', () => {
    const nextWrite = /function nextWrite\(fn\) \{\n([\s\S]*?)\n {2}\}/.exec(driverSource())?.[1] ?? ''
    expect(nextWrite, 'nextWrite as the driver has it').toContain('const x = socket.write(chunk, fn)')
    expect(nextWrite).not.toMatch(/if \(!socket\)|socket &&|socket === null|socket == null|\?\./)
  })

  it('is recognised by its message and its frame, and nothing else is', () => {
    const crash = new TypeError("Cannot read properties of null (reading 'write')")
    crash.stack = `${crash.name}: ${crash.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n    at process.processImmediate (node:internal/timers:483:21)`
    expect(isKnownDriverCrash(crash)).toBe(true)
    const elsewhere = new TypeError("Cannot read properties of null (reading 'write')")
    elsewhere.stack = `${elsewhere.name}: ${elsewhere.message}\n    at render (file:///app/build/server/index.js:10:5)`
    expect(isKnownDriverCrash(elsewhere)).toBe(false)
    expect(isKnownDriverCrash(new Error('connect ECONNREFUSED'))).toBe(false)
  })
})
