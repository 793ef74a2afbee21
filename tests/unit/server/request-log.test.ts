import { describe, expect, it } from 'vitest'
import { loggablePath } from '~/server/request-log'

describe('the request log', () => {
  it('keeps paths and ordinary parameters as they came', () => {
    expect(loggablePath('/blog')).toBe('/blog')
    expect(loggablePath('/admin/leads?fonte=newsletter&pagina=2')).toBe('/admin/leads?fonte=newsletter&pagina=2')
  })

  it('never writes a one-time link’s token, a preview secret or an admin’s search', () => {
    const logged = [
      loggablePath('/admin/configurar?token=VYKkz7DnXvD2F2PrwWpEL8TlPPSJjHXdaeD-vtbvxlc'),
      loggablePath('/api/preview-mode/enable?sanity-preview-secret=s3cr3t&sanity-preview-pathname=%2F'),
      loggablePath('/admin/leads?busca=maria%40exemplo.com.br&fonte=contato'),
    ]
    expect(logged).toEqual([
      '/admin/configurar?token=***',
      '/api/preview-mode/enable?sanity-preview-secret=***&sanity-preview-pathname=%2F',
      '/admin/leads?busca=***&fonte=contato',
    ])
    expect(logged.join(' ')).not.toMatch(/VYKkz7|s3cr3t|maria/)
  })
})
