import { describe, expect, it } from 'vitest'
import { sessionSecrets, siteCookieOptions } from '~/utils/cookies.server'

describe('session cookies', () => {
  it('reads SESSION_SECRET as a rotation list: trimmed, empty entries dropped, the first one signs', () => {
    expect(sessionSecrets({ SESSION_SECRET: ' novo-segredo-bem-longo , antigo-segredo-bem-longo ,' })).toEqual([
      'novo-segredo-bem-longo',
      'antigo-segredo-bem-longo',
    ])
  })

  it('signs every cookie the same way: httpOnly, lax, whole site, Secure only under an https SITE_URL', () => {
    const env = { SESSION_SECRET: 'um-segredo-de-teste-bem-longo', SITE_URL: 'http://localhost:3000' }
    expect(siteCookieOptions('origin', env)).toEqual({ path: '/', httpOnly: true, sameSite: 'lax', secure: false, secrets: ['um-segredo-de-teste-bem-longo'] })
    expect(siteCookieOptions('origin', { ...env, SITE_URL: 'https://www.alavanca.com.br' }).secure).toBe(true)
  })
})
