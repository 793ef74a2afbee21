import { describe, expect, it } from 'vitest'
import { safeRedirect } from '~/utils/redirect.server'

/** Where a browser would go from a page of this site, given the Location header. */
const landsOn = (location: string) => new URL(location, 'https://agencia.example/pagina')

describe('safeRedirect', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/blog/x?q=1#a')).toBe('/blog/x?q=1#a')
    expect(safeRedirect('/')).toBe('/')
    expect(safeRedirect('/contato?enviado=1')).toBe('/contato?enviado=1')
  })

  const hostile = [
    null,
    undefined,
    '',
    42,
    { toString: () => '/blog' },
    'blog',
    '//evil.example',
    '//evil.example/admin',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/blog\\..\\..\\x',
    'https://evil.example/',
    'http:evil.example',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    ' /blog',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/blog\u0000',
    '/blog\u007f',
    '/blog\u0085',
    '/blog x',
    '/\u3000/evil.example',
    `/${'a'.repeat(500)}`,
  ]

  it.each(hostile.map((value) => [JSON.stringify(value) ?? String(value), value]))('refuses %s and gives the fallback', (_, value) => {
    expect(safeRedirect(value)).toBe('/')
    expect(safeRedirect(value, { fallback: '/admin' })).toBe('/admin')
  })

  it('never sends the browser to another host, whatever passes', () => {
    const tricky = [
      '/%2f%2fevil.example',
      '/%5cevil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '/./\u2215evil.example',
      '/%09/evil.example',
      '/@evil.example',
    ]
    for (const value of tricky) {
      expect(landsOn(safeRedirect(value)).host).toBe('agencia.example')
    }
  })

  it('answers a value a header can carry', () => {
    expect(safeRedirect('/serviços/criação?q=ã')).toBe('/servi%C3%A7os/cria%C3%A7%C3%A3o?q=%C3%A3')
    expect(() => new Headers({ Location: safeRedirect('/serviços/criação') })).not.toThrow()
  })

  it('keeps a target under `within`, dot segments resolved first', () => {
    const admin = { within: '/admin', fallback: '/admin' }
    expect(safeRedirect('/admin', admin)).toBe('/admin')
    expect(safeRedirect('/admin?pagina=2', admin)).toBe('/admin?pagina=2')
    expect(safeRedirect('/admin/leads/1#entregas', admin)).toBe('/admin/leads/1#entregas')
    for (const outside of ['/administrador', '/blog', '/admin/../blog', '/admin/%2e%2e/blog', '/Admin', '//evil.example/admin', '/admin\\..\\x']) {
      expect(safeRedirect(outside, admin)).toBe('/admin')
    }
  })
})
