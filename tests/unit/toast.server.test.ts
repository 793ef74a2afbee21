import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_SESSION_SECRET, EnvError, parseEnv } from '~/env.server'
import { checkFormTimer, createFormTimer } from '~/leads/abuse.server'
import { createToastHeaders, getToast, redirectWithToast, TOAST_COOKIE_NAME } from '~/utils/toast.server'

/** What the browser sends back: the name=value part of a Set-Cookie header. */
function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error('no Set-Cookie header')
  return setCookie.split(';')[0]!
}

const requestWith = (cookie?: string) => new Request('http://localhost:3000/contato?enviado=1', { headers: cookie ? { Cookie: cookie } : {} })

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
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: `um-segredo-novo-e-longo,${DEVELOPMENT_SESSION_SECRET}` })).toThrow(EnvError)
  })

  it('never falls back to the default in production: unset means one generated secret, kept in DATA_DIR across restarts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'segredo-'))
    const first = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir })
    expect(first.SESSION_SECRET).not.toBe(DEVELOPMENT_SESSION_SECRET)
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    // A restart (a second parse) reads the same secret back, so what the first process signed still verifies.
    const restarted = parseEnv({ NODE_ENV: 'production', DATA_DIR: dataDir })
    expect(restarted.SESSION_SECRET).toBe(first.SESSION_SECRET)
    const rendered = createFormTimer('contato', 1_000, [first.SESSION_SECRET])
    expect(checkFormTimer(rendered, 'contato', { secrets: [restarted.SESSION_SECRET], minFillMs: 3_000, now: 60_000 })).toBe('ok')
    const file = path.join(dataDir, 'session-secret')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.SESSION_SECRET)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // Another data folder is another installation: another secret.
    const other = parseEnv({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'segredo-')) })
    expect(other.SESSION_SECRET).not.toBe(first.SESSION_SECRET)
  })

  it('with an in-memory DATA_DIR the generated secret lasts for the process only', () => {
    const a = parseEnv({ NODE_ENV: 'production', DATA_DIR: 'memory://' })
    const b = parseEnv({ NODE_ENV: 'production', DATA_DIR: 'memory://' })
    expect(a.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    expect(a.SESSION_SECRET).not.toBe(b.SESSION_SECRET)
    expect(a.SESSION_SECRET_SOURCE).toBe('process')
  })

  it('accepts a real secret in production and rejects a short one', () => {
    expect(parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'c2VncmVkby1sb25nby1kZS1wcm9kdWNhbw' }).SESSION_SECRET).toBe('c2VncmVkby1sb25nby1kZS1wcm9kdWNhbw')
    expect(() => parseEnv({ SESSION_SECRET: 'curto' })).toThrow(/SESSION_SECRET/)
  })
})
