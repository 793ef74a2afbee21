import { EventEmitter } from 'node:events'
import type { Request, Response } from 'express'
import { describe, expect, it, vi } from 'vitest'
import { requestLogger } from '~/server/request-log'

/** The path the request log writes for one finished request to `url`. */
function loggedPath(url: string): string {
  let written = ''
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written += String(chunk)
    return true
  })
  const response = new EventEmitter() as unknown as Response
  Object.assign(response, { statusCode: 200 })
  requestLogger(true)({ method: 'GET', path: url.split('?')[0], originalUrl: url } as Request, response, () => {})
  response.emit('finish')
  write.mockRestore()
  return (JSON.parse(written) as { path: string }).path
}

describe('the request log', () => {
  it('keeps the path and the query’s parameter names', () => {
    expect(loggedPath('/blog')).toBe('/blog')
    expect(loggedPath('/admin/leads?fonte=newsletter&pagina=2')).toBe('/admin/leads?fonte=***&pagina=***')
  })

  it('never writes a one-time link’s token, a preview secret, an admin’s search or an e-mail in the path', () => {
    const logged = [
      loggedPath('/admin/configurar?token=VYKkz7DnXvD2F2PrwWpEL8TlPPSJjHXdaeD-vtbvxlc'),
      loggedPath('/api/preview-mode/enable?sanity-preview-secret=s3cr3t&sanity-preview-pathname=%2F'),
      loggedPath('/admin/leads?busca=maria%40exemplo.com.br&fonte=contato'),
      loggedPath(`/admin/entrar?voltar=${encodeURIComponent('/admin/lgpd?email=maria@exemplo.com.br')}`),
      loggedPath('/admin/lgpd/maria%40exemplo.com.br'),
    ]
    expect(logged).toEqual([
      '/admin/configurar?token=***',
      '/api/preview-mode/enable?sanity-preview-secret=***&sanity-preview-pathname=***',
      '/admin/leads?busca=***&fonte=***',
      '/admin/entrar?voltar=***',
      '/admin/lgpd/***',
    ])
    expect(logged.join(' ')).not.toMatch(/VYKkz7|s3cr3t|maria/)
  })
})
