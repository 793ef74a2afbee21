import { describe, expect, it, vi } from 'vitest'
import { loader } from '~/routes/$'

describe('the catch-all loader (app/routes/$.tsx)', () => {
  it('answers 404 and writes one structured log line naming the missing path, without the values of its query or the Referer’s', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const request = new Request('http://localhost:3000/qualquer-coisa?utm_source=teste&email=maria%40exemplo.com.br', {
      headers: { referer: 'https://exemplo.com.br/pagina?token=VYKkz7DnXvD2F2PrwWpEL8TlPPSJjHXdaeD-vtbvxlc' },
    })

    let thrown: unknown
    try {
      await loader({ request, params: { '*': 'qualquer-coisa' }, context: { cspNonce: '', clientIp: '127.0.0.1', preview: null } })
    } catch (error) {
      thrown = error
    }

    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(404)
    const lines = write.mock.calls.map(([chunk]) => String(chunk))
    expect(lines).toHaveLength(1)
    expect(lines[0]?.endsWith('\n')).toBe(true)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'warn',
      msg: 'not found',
      path: '/qualquer-coisa?utm_source=***&email=***',
      referer: 'https://exemplo.com.br/pagina?token=***',
    })
  })
})
