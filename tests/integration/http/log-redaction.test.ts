/**
 * What the server log keeps of personal data (issue 34, item 7): the request
 * log masks an e-mail nested in another parameter's value
 * (`voltar=/admin/lgpd?email=…`) and anywhere in the path, and an error from
 * a failed query is logged with its SQL but not its parameters (a searched
 * e-mail). Both read the lines the loggers write.
 */
import { EventEmitter } from 'node:events'
import { sql } from 'drizzle-orm'
import type { Request, Response } from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleError } from '~/entry.server'
import { requestLogger } from '~/server/request-log'
import { allowConsoleErrors } from '../../support/console-guard'
import { testDatabaseTargets } from '../../support/databases'

const EMAIL = 'maria.silva@clinica.com.br'

afterEach(() => vi.restoreAllMocks())

/** The lines written to stdout while `run` goes. */
function stdoutOf(run: () => void): string {
  const lines: string[] = []
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk))
    return true
  })
  run()
  write.mockRestore()
  return lines.join('')
}

describe('the request log', () => {
  it('masks an e-mail inside another parameter’s value and in the path, keeping the rest', () => {
    const urls = [
      `/admin/entrar?voltar=${encodeURIComponent(`/admin/lgpd?email=${EMAIL}`)}`,
      `/admin/entrar?voltar=${encodeURIComponent(`/admin/leads?fonte=contato&q=${EMAIL}`)}&x=1`,
      `/admin/lgpd/${encodeURIComponent(EMAIL)}`,
    ]
    const logged = stdoutOf(() => {
      for (const url of urls) {
        const response = new EventEmitter() as unknown as Response
        Object.assign(response, { statusCode: 200 })
        requestLogger(true)({ method: 'GET', path: url.split('?')[0], originalUrl: url } as Request, response, () => {})
        response.emit('finish')
      }
    })
    const paths = logged
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { path: string }).path)
    expect(paths).toEqual([
      '/admin/entrar?voltar=%2Fadmin%2Flgpd%3Femail%3D***',
      '/admin/entrar?voltar=%2Fadmin%2Fleads%3Ffonte%3Dcontato%26q%3D***&x=1',
      '/admin/lgpd/***',
    ])
    expect(logged).not.toMatch(/maria|clinica/i)
  })
})

describe.each(testDatabaseTargets())('an error from a failed query on $kind', ({ open }) => {
  it('is logged with its SQL, its parameters replaced by ***', async () => {
    allowConsoleErrors(/Failed query/)
    const handle = await open()
    try {
      const failed = await handle.db.execute(sql`select * from leads where email = ${EMAIL} and no_such_column = 1`).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failed).toBeInstanceOf(Error)
      expect(String((failed as Error).message)).toContain(EMAIL)
      const written: string[] = []
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        written.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '))
      })
      handleError(failed, { request: new Request('http://localhost:3000/admin/lgpd') })
      consoleError.mockRestore()
      const logged = written.join('\n')
      expect(logged).toContain('Failed query: select * from leads where email = $1 and no_such_column = 1')
      expect(logged).toMatch(/params: \*\*\*/)
      expect(logged).not.toMatch(/maria|clinica/i)
    } finally {
      await handle.close()
    }
  })
})
