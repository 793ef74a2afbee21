import { describe, expect, it } from 'vitest'
import { MAX_FORM_FIELDS, readFormBody } from '~/utils/form-body.server'

const fields = new Set(['name', 'email', 'consent'])
const post = (body: BodyInit | null, contentType: string | null = 'application/x-www-form-urlencoded', method = 'POST') =>
  new Request('http://localhost/contato', { method, body, headers: contentType ? { 'Content-Type': contentType } : {} })

async function read(request: Request) {
  return readFormBody(request, { fields })
}

describe('readFormBody', () => {
  it('keeps only the declared fields, decoded and storable', async () => {
    const result = await read(post('name=Ana+Lu%00z&a%5B100000000%5D=x&email=ana%40ex.com&__proto__=1&consent=on'))
    if (!result.ok) throw new Error(result.refusal.message)
    expect([...result.formData]).toEqual([
      ['name', 'Ana Luz'],
      ['email', 'ana@ex.com'],
      ['consent', 'on'],
    ])
  })

  it('decodes invalid percent sequences and invalid UTF-8 leniently', async () => {
    const result = await read(post('name=%zz%&email=%ED%A0%80'))
    if (!result.ok) throw new Error(result.refusal.message)
    expect(result.formData.get('name')).toBe('%zz%')
    expect(result.formData.get('email')).toBe('\uFFFD\uFFFD\uFFFD')
  })

  it('refuses more fields than any form needs with 413, counting before decoding', async () => {
    const result = await read(post(Array.from({ length: MAX_FORM_FIELDS + 1 }, () => 'a').join('&')))
    expect(result).toMatchObject({ ok: false, refusal: { status: 413, message: 'O envio tem campos demais para este formulário.' } })
    expect((await read(post(Array.from({ length: MAX_FORM_FIELDS }, () => 'a').join('&')))).ok).toBe(true)
  })

  it('refuses a body over the byte limit with 413 without reading past it', async () => {
    const result = await readFormBody(post(`name=${'x'.repeat(2_000)}`), { fields, maxBytes: 1_000 })
    expect(result).toMatchObject({ ok: false, refusal: { status: 413 } })
  })

  it('answers 415 for what is not a form and 405 with Allow for another method', async () => {
    for (const type of ['application/json', 'text/plain', 'application/xml', null]) {
      expect(await read(post('{}', type))).toMatchObject({ ok: false, refusal: { status: 415 } })
    }
    expect(await read(post(null, null, 'DELETE'))).toMatchObject({ ok: false, refusal: { status: 405, headers: { Allow: 'GET, HEAD, POST' } } })
  })

  it('reads a multipart form, skipping files and unknown names, and answers 400 when it is broken', async () => {
    const form = new FormData()
    form.append('name', 'Ana')
    form.append('a[9999999]', 'x')
    form.append('email', new Blob(['arquivo']), 'email.txt')
    const request = new Request('http://localhost/contato', { method: 'POST', body: form })
    const result = await read(request)
    if (!result.ok) throw new Error(result.refusal.message)
    expect([...result.formData]).toEqual([['name', 'Ana']])

    expect(await read(post('--abc\r\nbroken', 'multipart/form-data; boundary=abc'))).toMatchObject({ ok: false, refusal: { status: 400 } })
    expect(await read(post('x', 'multipart/form-data'))).toMatchObject({ ok: false, refusal: { status: 400 } })
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, () => '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n').join('') + '--b--\r\n'
    expect(await read(post(many, 'multipart/form-data; boundary=b'))).toMatchObject({ ok: false, refusal: { status: 413 } })
  })
})
