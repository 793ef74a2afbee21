import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_SESSION_SECRET, EnvError, parseEnv } from '~/utils/env.server'
import { createToastHeaders, getToast, redirectWithToast, TOAST_COOKIE_NAME } from '~/utils/toast.server'

/** What the browser sends back: the name=value part of a Set-Cookie header. */
function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error('no Set-Cookie header')
  return setCookie.split(';')[0]!
}

const requestWith = (cookie?: string) =>
  new Request('http://localhost:3000/contato?enviado=1', { headers: cookie ? { Cookie: cookie } : {} })

describe('flash toasts (toast.server)', () => {
  it('redirectWithToast redirects and sets a signed, httpOnly, lax toast cookie', async () => {
    const response = await redirectWithToast('/contato?enviado=1', { title: 'Dados enviados com sucesso!' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/contato?enviado=1')
    const setCookie = response.headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=`))
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Path=\//)
    // Signed, not readable: the title is not in the cookie as plain text.
    expect(setCookie).not.toContain('Dados enviados')
  })

  it('reads the toast back once and answers with a Set-Cookie that clears it', async () => {
    const response = await redirectWithToast('/', {
      type: 'error',
      title: 'Erro ao enviar dados. Por favor, tente novamente.',
      description: 'Verifique sua conexão.',
    })
    const { toast, headers } = await getToast(requestWith(cookieFrom(response.headers.get('Set-Cookie'))))
    expect(toast).toMatchObject({
      type: 'error',
      title: 'Erro ao enviar dados. Por favor, tente novamente.',
      description: 'Verifique sua conexão.',
    })
    expect(toast?.id).toMatch(/^[\w-]{8,}$/)
    const clearing = headers?.get('Set-Cookie') ?? ''
    expect(clearing).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=;`))
    expect(clearing).toMatch(/Expires=Thu, 01 Jan 1970/)
  })

  it('gives each toast its own id, so the same message twice shows twice', async () => {
    const first = await getToast(requestWith(cookieFrom((await createToastHeaders({ title: 'Olá' })).get('Set-Cookie'))))
    const second = await getToast(requestWith(cookieFrom((await createToastHeaders({ title: 'Olá' })).get('Set-Cookie'))))
    expect(first.toast?.type).toBe('success')
    expect(first.toast?.id).not.toBe(second.toast?.id)
  })

  it('sends no cookie at all when the request has no toast', async () => {
    expect(await getToast(requestWith())).toEqual({ toast: null, headers: null })
    expect(await getToast(requestWith('outro=1; mytoast=2'))).toEqual({ toast: null, headers: null })
  })

  it('treats a tampered cookie as no toast, and clears it', async () => {
    const genuine = cookieFrom((await createToastHeaders({ title: 'Olá' })).get('Set-Cookie'))
    const [name, value] = genuine.split('=')
    const tampered = `${name}=${value!.slice(0, -3)}abc`
    const { toast, headers } = await getToast(requestWith(tampered))
    expect(toast).toBeNull()
    expect(headers?.get('Set-Cookie')).toMatch(/Expires=Thu, 01 Jan 1970/)
  })

  it('rejects an empty title', async () => {
    await expect(createToastHeaders({ title: '' })).rejects.toThrow()
  })
})

describe('SESSION_SECRET', () => {
  it('uses the development default outside production', () => {
    expect(parseEnv({}).SESSION_SECRET).toBe(DEVELOPMENT_SESSION_SECRET)
  })

  it('refuses to run production with the development default, without echoing the secret', () => {
    let error: unknown
    try {
      parseEnv({ NODE_ENV: 'production', SESSION_SECRET: DEVELOPMENT_SESSION_SECRET })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(EnvError)
    expect((error as Error).message).toMatch(/SESSION_SECRET/)
    expect((error as Error).message).not.toContain(DEVELOPMENT_SESSION_SECRET)
  })

  it('refuses the default even among rotated secrets', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: `um-segredo-novo-e-longo,${DEVELOPMENT_SESSION_SECRET}` })).toThrow(
      EnvError,
    )
  })

  it('never falls back to the default in production: unset means a random secret per process', () => {
    const a = parseEnv({ NODE_ENV: 'production' }).SESSION_SECRET
    const b = parseEnv({ NODE_ENV: 'production' }).SESSION_SECRET
    expect(a).not.toBe(DEVELOPMENT_SESSION_SECRET)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(a).not.toBe(b)
  })

  it('accepts a real secret in production and rejects a short one', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'c2VncmVkby1sb25nby1kZS1wcm9kdWNhbw' }).SESSION_SECRET).toBe(
      'c2VncmVkby1sb25nby1kZS1wcm9kdWNhbw',
    )
    expect(() => parseEnv({ SESSION_SECRET: 'curto' })).toThrow(/SESSION_SECRET/)
  })
})
