// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { SEED_WEBP_WIDTHS } from '~/content/asset-ref'
import { parseNdjson, readSeedDataset } from '~/content/seed-dataset.server'
import { ARTICLES_SEED_FILE, articleDocument, articlesNdjson, blogLookup, markdownArticles } from '../../../scripts/lib/article-seed'

const blogDocuments = parseNdjson(readFileSync('studio/seed/blog.ndjson', 'utf8'))
const lookup = blogLookup(blogDocuments)

test('studio/seed/articles.ndjson holds what `npm run content:articles` makes of each Markdown source', () => {
  const current = parseNdjson(readFileSync(ARTICLES_SEED_FILE, 'utf8'))
  for (const document of markdownArticles(blogDocuments)) {
    expect(
      current.find((candidate) => candidate._id === document._id),
      `${document._id}: run npm run content:articles`,
    ).toEqual(document)
  }
  expect(readFileSync(ARTICLES_SEED_FILE, 'utf8')).toBe(articlesNdjson(blogDocuments, current))
})

const source = (body: string, extra = '') => `---
slug: exemplo
title: "Um exemplo"
description: "Resumo"
category: SEO
publishDate: 2025-01-02
author: Camila Rocha (Head de automação)
related: [geo-otimizacao-ia]
${extra}cta:
  title: "Fale conosco"
  description: "Texto"
  buttonText: "Falar com Especialista"
  buttonLink: "/contato"
---
${body}`
const convert = (body: string, extra = '') => articleDocument(source(body, extra), 'studio/seed/articles/exemplo.md', lookup)

describe('the Markdown subset becomes Portable Text', () => {
  test('headings, marks, links (an affiliate one), lists, a table, a quote and a callout', () => {
    const document = convert(
      [
        '## Seção um',
        'Texto com **negrito**, *itálico* e [um link](/contato) e [outro](https://www.gohighlevel.com/ "afiliado").',
        '- item a',
        '- item b',
        '1. passo',
        '',
        '| Plano | Preço |',
        '|---|---|',
        '| Starter | R$ 580 |',
        '',
        '> Uma citação.',
        '',
        '> [!DICA]',
        '> Comece **pequeno**.',
      ].join('\n'),
    )
    const body = document.body as Array<Record<string, unknown>>
    expect(body.map((item) => [item._type, item.style ?? item.tone ?? null, item.listItem ?? null])).toEqual([
      ['block', 'h2', null],
      ['block', 'normal', null],
      ['block', 'normal', 'bullet'],
      ['block', 'normal', 'bullet'],
      ['block', 'normal', 'number'],
      ['figureTable', null, null],
      ['block', 'blockquote', null],
      ['callout', 'dica', null],
    ])
    const paragraph = body[1] as { children: { text: string; marks: string[] }[]; markDefs: { _key: string; href: string; affiliate?: boolean }[] }
    expect(paragraph.children.map((child) => child.text).join('')).toBe('Texto com negrito, itálico e um link e outro.')
    expect(paragraph.children.find((child) => child.text === 'negrito')?.marks).toEqual(['strong'])
    expect(paragraph.markDefs.map(({ href, affiliate }) => ({ href, affiliate }))).toEqual([
      { href: '/contato', affiliate: undefined },
      { href: 'https://www.gohighlevel.com/', affiliate: true },
    ])
    expect((body[5] as { rows: { cells: string[] }[] }).rows.map((row) => row.cells)).toEqual([
      ['Plano', 'Preço'],
      ['Starter', 'R$ 580'],
    ])
    expect(body[7]).toMatchObject({ text: 'Comece pequeno.' })
    expect(document).toMatchObject({
      _id: 'article-exemplo',
      status: 'published',
      category: { _ref: 'category-seo' },
      author: { _ref: 'author-camila-rocha' },
      related: [{ _ref: 'article-geo-otimizacao-ia' }],
      coverImage: { asset: { _ref: 'image-blog-exemplo-1200x630-webp' } },
    })
  })

  test('converting twice gives the same keys', () => {
    expect(convert('## A\n\nB')).toEqual(convert('## A\n\nB'))
  })

  test.each([
    ['#### Fundo demais', /só há títulos/],
    ['- a\n  - b', /lista/],
    ['```\ncódigo\n```', /fence/],
    ['[x](http://exemplo.com.br)', /link inválido/],
    ['> [!PERIGO]\n> texto', /destaque desconhecido/],
  ])('%j is refused, naming the file', (body, message) => {
    expect(() => convert(body)).toThrow(message)
    expect(() => convert(body)).toThrow(/exemplo\.md/)
  })

  test('an unknown category or author is refused', () => {
    expect(() => articleDocument(source('Texto').replace('category: SEO', 'category: Culinária'), 'exemplo.md', lookup)).toThrow(/categoria desconhecida/)
    expect(() => articleDocument(source('Texto').replace('Camila Rocha', 'Fulano'), 'exemplo.md', lookup)).toThrow(/autor desconhecido/)
  })

  test('an article in development has no body', () => {
    expect(() => convert('Texto', 'status: em-desenvolvimento\n')).toThrow(/em desenvolvimento não tem texto/)
    expect(convert('', 'status: em-desenvolvimento\n')).toMatchObject({ status: 'inDevelopment' })
  })
})

/** Width and height of a WebP file (VP8, VP8L or VP8X header). */
function webpSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  const chunk = bytes.toString('ascii', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
}

test('every seed WebP image has its narrower copies for srcset, at the right sizes', () => {
  const refs = new Set(JSON.stringify(readSeedDataset()).match(/image-[a-z0-9-]+-\d+x\d+-webp/g) ?? [])
  expect(refs.size).toBeGreaterThanOrEqual(17)
  for (const ref of refs) {
    const [, name, width, height] = /^image-(.+)-(\d+)x(\d+)-webp$/.exec(ref)!
    const file = path.join('public/images', `${name}.webp`)
    expect(webpSize(file), file).toEqual({ width: Number(width), height: Number(height) })
    for (const copyWidth of SEED_WEBP_WIDTHS) {
      const copy = path.join('public/images', `${name}-${copyWidth}w.webp`)
      expect(existsSync(copy), copy).toBe(true)
      expect(webpSize(copy), copy).toEqual({ width: copyWidth, height: Math.round((copyWidth * Number(height)) / Number(width)) })
    }
  }
})
