/**
 * Every page arrives as well-formed UTF-8 with no NUL in it, wherever its
 * accented letters fall. React 18's Node stream renderer padded a 2 KB chunk
 * with NUL bytes when a multi-byte character met its end (react#24985): on
 * /casos, one query string in eight turned "vídeos" into "v\0ídeos" for
 * every visitor of that address. Queries of eight lengths move the
 * document's bytes across those boundaries.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestSite, type TestSite } from '../../support/test-site'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
}, 60_000)
afterAll(() => site.close())

it('pages full of accented text are sent without NUL bytes and decode as strict UTF-8, at any offset', async () => {
  const strict = new TextDecoder('utf-8', { fatal: true })
  for (const path of ['/casos', '/sobre', '/servicos']) {
    for (let length = 0; length < 8; length += 1) {
      const address = `${path}?deslocamento=${'x'.repeat(length)}`
      const bytes = new Uint8Array(await (await fetch(`${site.url}${address}`)).arrayBuffer())
      expect(bytes.indexOf(0), address).toBe(-1)
      expect(() => strict.decode(bytes), address).not.toThrow()
    }
  }
})
