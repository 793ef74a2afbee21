import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, inlineScripts, scriptHash } from '~/server/inline-scripts'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

describe('inline scripts of a document (its hash-based CSP)', () => {
  const html = [
    '<html><head><script>document.documentElement.classList.add("js")</script>',
    '<script type="application/ld+json">{"@type":"Article"}</script>',
    '<link rel="modulepreload" href="/assets/a.js"/><script type="module" src="/assets/entry.js"></script>',
    '</head><body><SCRIPT Type="Module">import "/assets/b.js";</SCRIPT>',
    '<script type=\'text/javascript\'>window.ENV = {"SITE_URL":"https://exemplo.com.br"}</script>',
    '<script>window.__remixContext = {"a":"\\u003c/script>"}</script>',
    '<script type="text/template"><p>não é código</p></script>',
    '<script>document.documentElement.classList.add("js")</script></body></html>',
  ].join('')

  it('finds the scripts a browser runs inline, in order, and skips data blocks, templates and external scripts', () => {
    expect(inlineScripts(html)).toEqual([
      'document.documentElement.classList.add("js")',
      'import "/assets/b.js";',
      'window.ENV = {"SITE_URL":"https://exemplo.com.br"}',
      'window.__remixContext = {"a":"\\u003c/script>"}',
      'document.documentElement.classList.add("js")',
    ])
  })

  it('hashes the exact text (UTF-8, base64 SHA-256), once per distinct script', () => {
    expect(scriptHash('alert("olá")')).toBe(sha256('alert("olá")'))
    const hashes = inlineScriptHashes(html)
    expect(hashes).toHaveLength(4)
    expect(hashes[0]).toBe(sha256('document.documentElement.classList.add("js")'))
  })

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>Olá</p><script src="/a.js"></script>')).toEqual([])
  })
})
