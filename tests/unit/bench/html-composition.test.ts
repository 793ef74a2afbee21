import { describe, expect, it } from 'vitest'
import { htmlComposition } from '../../../scripts/bench/lib/html-composition'

describe('htmlComposition (npm run bench:pages)', () => {
  it('splits a page into parts that add up to its bytes, each byte counted once', () => {
    const loaderData = '<script>window.__remixContext = {"state":{}};</script>'
    const streamed = '<script nonce="n">window.__remixContext.streamController.enqueue("[1]");</script>'
    const jsonLd = '<script type="application/ld+json">{"@type":"Organization"}</script>'
    const bootstrap = '<script type="module" async="">import "/assets/entry.js";</script>'
    const external = '<script type="module" src="/assets/manifest.js"></script>'
    const noscript = '<noscript><p class="aviso">Sem JavaScript</p></noscript>'
    const svg = '<svg class="icone" viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>'
    const style = '<style>p{margin:0}</style>'
    const page =
      `<html><head>${style}${external}</head><body><p class="texto forte" style="color:red">Olá</p>` +
      `${svg}${noscript}<p class="texto forte">Até</p>${loaderData}${streamed}${jsonLd}${bootstrap}</body></html>`

    const { total, parts } = htmlComposition(page)

    expect(total).toBe(Buffer.byteLength(page))
    expect(parts.loaderData).toBe(loaderData.length + streamed.length)
    expect(parts.jsonLd).toBe(jsonLd.length)
    expect(parts.otherScripts).toBe(bootstrap.length)
    expect(parts.noscript).toBe(noscript.length)
    expect(parts.svg).toBe(svg.length)
    expect(parts.styles).toBe(style.length + 'color:red'.length)
    // The class inside the SVG and the one inside <noscript> belong to those parts.
    expect(parts.classes).toBe(2 * 'texto forte'.length)
    // What is left, where Olá and Até count in bytes (two each for á and é), not characters.
    const rest = `<html><head>${external}</head><body><p class="" style="">Olá</p><p class="">Até</p></body></html>`
    expect(parts.rest).toBe(rest.length + 2)
    expect(Object.values(parts).reduce((sum, bytes) => sum + bytes, 0)).toBe(total)
  })

  it('sums the class values that occur more than once and ranks them by total bytes', () => {
    const page = [
      '<div class="a b c">',
      '<p class="curto">1</p><p class="curto">2</p><p class="curto">3</p>',
      '<span class="uma-classe-bem-longa">x</span><span class="uma-classe-bem-longa">y</span>',
      '<em class="única">z</em><i class="">w</i><b class="">v</b>',
      '</div>',
    ].join('')

    const { parts, repeatedClassBytes, topRepeatedClasses } = htmlComposition(page, 1)

    expect(parts.classes).toBe('a b c'.length + 3 * 'curto'.length + 2 * 'uma-classe-bem-longa'.length + Buffer.byteLength('única'))
    expect(repeatedClassBytes).toBe(3 * 'curto'.length + 2 * 'uma-classe-bem-longa'.length)
    expect(topRepeatedClasses).toEqual([{ value: 'uma-classe-bem-longa', count: 2, bytes: 40 }])
  })

  it('finds nothing to split in a page of plain text', () => {
    const { total, parts, repeatedClassBytes, topRepeatedClasses } = htmlComposition('<p>Só texto</p>')
    expect(parts.rest).toBe(total)
    expect(repeatedClassBytes).toBe(0)
    expect(topRepeatedClasses).toEqual([])
  })
})
