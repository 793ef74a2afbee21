import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it, vi } from 'vitest'
import { answerUnexpectedError, guardMessages, isSameOrigin, isValidHost } from '~/server/request-guard'
import { documentCacheControl } from '~/utils/http.server'

describe('isValidHost', () => {
  it('accepts host names, IPv4 and bracketed IPv6 with a port in range', () => {
    for (const host of ['localhost', 'localhost:3000', 'www.alavanca.com.br', '127.0.0.1:4173', '[::1]:3000', 'exemplo.com.']) {
      expect(isValidHost(host)).toBe(true)
    }
  })
  it('refuses spaces, paths, user info, ports out of range and empty values', () => {
    for (const host of ['a b', '', 'a/b', 'user@host', 'host:99999', 'host:', '-a.com', 'a..b', '[zz]']) {
      expect(isValidHost(host)).toBe(false)
    }
  })
})

describe('isSameOrigin', () => {
  it("compares the Origin's host with X-Forwarded-Host, else Host, as Remix does", () => {
    expect(isSameOrigin('http://localhost:3000', undefined, 'localhost:3000')).toBe(true)
    expect(isSameOrigin('https://www.site.com.br', 'www.site.com.br, proxy.interno', 'app:3000')).toBe(true)
    expect(isSameOrigin('https://evil.example', undefined, 'localhost:3000')).toBe(false)
    expect(isSameOrigin('https://localhost:3000', 'outro.example', 'localhost:3000')).toBe(false)
    expect(isSameOrigin('null', undefined, 'localhost')).toBe(false)
    expect(isSameOrigin('não é url', undefined, 'localhost')).toBe(false)
  })
})

describe('documentCacheControl', () => {
  const cms = new Headers({ 'Cache-Control': 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400' })
  const privateHeaders = new Headers({ 'Cache-Control': 'private, no-store' })

  it("uses the deepest route's stated policy on a plain GET", () => {
    expect(documentCacheControl({ method: 'GET', status: 200, routeHeaders: [new Headers(), cms] })).toBe(cms.get('Cache-Control'))
  })
  it('is private, no-store when any route says so, none says anything, for posts and for errors', () => {
    expect(documentCacheControl({ method: 'GET', status: 200, routeHeaders: [cms, privateHeaders] })).toBe('private, no-store')
    expect(documentCacheControl({ method: 'GET', status: 200, routeHeaders: [undefined, new Headers()] })).toBe('private, no-store')
    expect(documentCacheControl({ method: 'POST', status: 200, routeHeaders: [cms] })).toBe('private, no-store')
    expect(documentCacheControl({ method: 'GET', status: 404, routeHeaders: [cms] })).toBe('private, no-store')
  })
})

describe('answerUnexpectedError', () => {
  it('logs an error a middleware passed on through the logger, without personal data, and answers 500 in Portuguese', async () => {
    const logged: string[] = []
    const consoleError = vi.spyOn(console, 'error').mockImplementation((text: string) => void logged.push(text))
    const app = express()
    app.get('/falha', (_req, _res, next) => next(new Error('content check failed for maria.silva@clinica.com.br')))
    app.use(answerUnexpectedError)
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/falha`)
      expect(response.status).toBe(500)
      expect(await response.text()).toContain(guardMessages.unexpected.text)
    } finally {
      consoleError.mockRestore()
      server.close()
    }
    expect(logged).toHaveLength(1)
    expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'error', msg: 'unexpected error', error: { message: 'content check failed for ***' } })
  })
})
