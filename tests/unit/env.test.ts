import { describe, expect, it } from 'vitest'
import { EnvError, getPublicEnv, oncePerEnv, parseEnv } from '~/utils/env.server'

describe('parseEnv', () => {
  it('runs with no variables at all, on the documented defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, SITE_URL: 'http://localhost:3000', TRUST_PROXY: false })
  })

  it('in development, SITE_URL is the address the server listens on (PORT)', () => {
    expect(parseEnv({ PORT: '3100' }).SITE_URL).toBe('http://localhost:3100')
    expect(parseEnv({ PORT: '3100', SITE_URL: 'https://www.exemplo.com.br' }).SITE_URL).toBe('https://www.exemplo.com.br')
  })

  it('refuses to start in production without SITE_URL, saying what to set', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'um-segredo-longo-o-bastante' })).toThrow(
      /SITE_URL: required in production: the site's public address/,
    )
    expect(parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.exemplo.com.br', SESSION_SECRET: 'um-segredo-longo-o-bastante' }).SITE_URL).toBe(
      'https://www.exemplo.com.br',
    )
  })

  it('refuses to start in production on PostgreSQL without SESSION_SECRET: every instance must share one', () => {
    const production = { NODE_ENV: 'production', SITE_URL: 'https://www.exemplo.com.br', DATABASE_URL: 'postgres://site:site@db:5432/site' }
    expect(() => parseEnv(production)).toThrow(/SESSION_SECRET: required with DATABASE_URL in production: set the same random value .* on every instance/)
    expect(parseEnv({ ...production, SESSION_SECRET: 'o-mesmo-segredo-em-toda-instancia' }).SESSION_SECRET_SOURCE).toBe('environment')
  })

  it('drops a trailing slash from SITE_URL so canonical URLs never double it', () => {
    expect(parseEnv({ SITE_URL: 'https://www.exemplo.com.br/' }).SITE_URL).toBe('https://www.exemplo.com.br')
  })

  it('takes SITE_URL only as an http(s) origin: no other scheme, path, query, fragment or credentials', () => {
    expect(parseEnv({ SITE_URL: 'https://WWW.Exemplo.com.br:443/' }).SITE_URL).toBe('https://www.exemplo.com.br')
    expect(parseEnv({ SITE_URL: 'http://localhost:3100' }).SITE_URL).toBe('http://localhost:3100')
    for (const value of [
      'javascript:alert(1)',
      'javascript://www.exemplo.com.br/%0aalert(1)',
      'ftp://www.exemplo.com.br',
      'data:text/html,oi',
      'https://www.exemplo.com.br/site',
      'https://www.exemplo.com.br/?utm=1',
      'https://www.exemplo.com.br/#topo',
      'https://gestora:senha-secreta@www.exemplo.com.br',
      'https://:senha-secreta@www.exemplo.com.br',
      'https://#',
    ]) {
      let error: unknown
      try {
        parseEnv({ SITE_URL: value })
      } catch (caught) {
        error = caught
      }
      expect(error, value).toBeInstanceOf(EnvError)
      const message = (error as Error).message
      expect(message, value).toMatch(/SITE_URL: must be the site's origin/)
      // The value is never printed: it may carry a password.
      expect(message, value).not.toContain(value)
      expect(message, value).not.toContain('senha-secreta')
    }
  })

  it('reads TRUST_PROXY as a boolean, a hop count or a list of addresses', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback')
  })

  it('names every bad variable in one clear error', () => {
    let error: unknown
    try {
      parseEnv({ PORT: 'abc', SITE_URL: 'not a url' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    expect((error as Error).message).toMatch(/PORT/)
    expect((error as Error).message).toMatch(/SITE_URL/)
  })

  it('names a bad variable and its problem, never its value (a password, a token)', () => {
    const values = {
      DATABASE_URL: 'mysql://site:Senha-Do-Banco-9@db:3306/site',
      SMTP_URL: 'https://vendas:Senha-Smtp-9@smtp',
      PIPEDRIVE_API_TOKEN: 'Pd-curto-9',
    }
    let error: unknown
    try {
      parseEnv(values)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    for (const value of [...Object.values(values), 'Senha', 'curto']) expect((error as Error).message).not.toContain(value)
    expect((error as EnvError).problems.map(({ variable }) => variable)).toEqual(expect.arrayContaining(['DATABASE_URL', 'PIPEDRIVE_API_TOKEN', 'SMTP_URL']))
    expect((error as Error).message).toMatch(/PIPEDRIVE_API_TOKEN: .*16/)
  })

  it('takes the preview’s API version or a later one for Sanity, and a boolean SEED_PREVIEW', () => {
    expect(parseEnv({ SANITY_API_VERSION: '2025-06-01' }).SANITY_API_VERSION).toBe('2025-06-01')
    expect(() => parseEnv({ SANITY_API_VERSION: '2024-05-01' })).toThrow(/SANITY_API_VERSION: must be 2025-02-19 or later/)
    expect(parseEnv({ SEED_PREVIEW: 'true' }).SEED_PREVIEW).toBe(true)
    expect(parseEnv({}).SEED_PREVIEW).toBeUndefined()
    expect(() => parseEnv({ SEED_PREVIEW: 'sim' })).toThrow(/SEED_PREVIEW/)
  })

  it('takes a Google Tag Manager container id, and refuses anything else in GTM_ID', () => {
    expect(parseEnv({ GTM_ID: 'GTM-ABC1234' }).GTM_ID).toBe('GTM-ABC1234')
    expect(() => parseEnv({ GTM_ID: "GTM-1');alert(1);//" })).toThrow(/GTM_ID/)
  })

  it('takes a Subscribe with Google product id, and refuses anything that could leave its quotes', () => {
    expect(parseEnv({ SUBSCRIPTION_PRODUCT_ID: ' CAowqfCKCw ' }).SUBSCRIPTION_PRODUCT_ID).toBe('CAowqfCKCw')
    expect(parseEnv({ SUBSCRIPTION_PRODUCT_ID: 'alavancadigital.com.br' }).SUBSCRIPTION_PRODUCT_ID).toBe('alavancadigital.com.br')
    expect(() => parseEnv({ SUBSCRIPTION_PRODUCT_ID: 'x"></script>' })).toThrow(/SUBSCRIPTION_PRODUCT_ID/)
  })

  it('exposes only the public subset to the browser', () => {
    expect(Object.keys(getPublicEnv(parseEnv({})))).toEqual(['SITE_URL', 'MODE', 'GTM_ID', 'SUBSCRIPTION_PRODUCT_ID'])
  })

  it('makes settings once per parsed environment, and anew for another', () => {
    let built = 0
    const settings = oncePerEnv((env) => ({ site: env.SITE_URL, build: ++built }))
    const first = parseEnv({ PORT: '3100' })
    expect(settings(first)).toBe(settings(first))
    expect(built).toBe(1)
    expect(settings(parseEnv({ PORT: '3200' }))).toEqual({ site: 'http://localhost:3200', build: 2 })
  })
})
