import { Writable } from 'node:stream'
import { createElement as h, type ReactElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { renderToReadableStream } from 'react-dom/server.browser'
import { describe, expect, it } from 'vitest'

/**
 * Why app/entry.server.tsx renders with the Web Streams renderer on Node (ADR 043): React 18's
 * Node stream corrupts multi-byte characters that meet its 2 KB buffer boundary (react#24985).
 * When the first test fails, the installed React no longer does: render with
 * `renderToPipeableStream`, as Remix documents, and drop app/react-dom-server-browser.d.ts.
 */
const pages = Array.from({ length: 200 }, (_, pad) =>
  h('main', null, h('span', null, 'a'.repeat(pad)), ...Array.from({ length: 40 }, (_, i) => h('p', { key: i }, 'Ação é € 😀 '.repeat(3 + (i % 7))))),
)
const isCorrupt = (html: string) => html.includes('\u0000') || html.includes('\uFFFD')

function viaNodeStream(element: ReactElement): Promise<string> {
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(
          new Writable({
            write(chunk, _encoding, done) {
              chunks.push(Buffer.from(chunk))
              done()
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString('utf8'))
              done()
            },
          }),
        )
      },
      onShellError: reject,
    })
  })
}

async function viaWebStream(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element)
  await stream.allReady
  return new Response(stream).text()
}

describe('the document renderer', () => {
  it('React’s Node stream still corrupts accented text (else use it and remove the workaround)', async () => {
    const corrupt = (await Promise.all(pages.map(viaNodeStream))).filter(isCorrupt).length
    expect(corrupt, 'react#24985 is fixed in the installed React: remove the workaround (ADR 043)').toBeGreaterThan(0)
  })

  it('the Web Streams renderer the server uses keeps every character', async () => {
    const corrupt = (await Promise.all(pages.map(viaWebStream))).filter(isCorrupt).length
    expect(corrupt).toBe(0)
  })
})
