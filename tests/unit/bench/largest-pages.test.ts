import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { largestPages } from '../../../scripts/lib/bench-support'

/** A site whose sitemap lists two cases and three articles of known sizes. */
const pages: Record<string, number> = { '/casos/a': 300, '/casos/b': 900, '/blog/curto': 100, '/blog/longo': 5000, '/blog/medio': 2000, '/blog': 9000 }
let server: Server
let base = ''

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/sitemap.xml') {
      response.end(
        `<urlset>${Object.keys(pages)
          .map((path) => `<url><loc>https://example.com.br${path}</loc></url>`)
          .join('')}</urlset>`,
      )
      return
    }
    response.end('x'.repeat(pages[request.url ?? ''] ?? 0))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

test('picks, for each kind, the page under it with the largest HTML (never the listing itself)', async () => {
  expect(await largestPages(base, ['/casos/', '/blog/'])).toEqual(['/casos/b', '/blog/longo'])
})

test('stops on a kind the sitemap does not list', async () => {
  await expect(largestPages(base, ['/servicos/'])).rejects.toThrow('/servicos/')
})
