/**
 * `npm run content:covers [slug…]`: draws every blog article's cover
 * (scripts/lib/blog-cover-art.ts) and writes it as WebP to public/images/:
 * `blog-<slug>.webp` (1200 × 630, the social sharing size) and the narrower
 * copies `blog-<slug>-800w.webp` and `blog-<slug>-480w.webp` for srcset
 * (SEED_WEBP_WIDTHS in app/content/image.tsx). With slugs as arguments only
 * those articles are redrawn.
 *
 * The SVG is rasterized by Debian's Chromium (CHROME_PATH to use another):
 * loaded into an Image, drawn on a canvas at each width and exported with
 * `canvas.toDataURL('image/webp')`. Every file's dimensions are read back from
 * its WebP header; a wrong size stops the script.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { parse } from 'yaml'
import { SEED_WEBP_WIDTHS } from '../app/content/asset-ref'
import { COVER_HEIGHT, COVER_WIDTH, coverSvg, type CoverArticle } from './lib/blog-cover-art'

const ARTICLES_DIR = path.resolve('studio/seed/articles')
const IMAGES_DIR = path.resolve('public/images')
const QUALITY = 0.82
const MIN_QUALITY = 0.5
/** The 1200 px file's budget; above it the quality is lowered, step by step. */
const MAX_BYTES = 120 * 1024

const FrontMatter = /^---\n([\s\S]*?)\n---/

type Meta = { slug?: unknown; title?: unknown; category?: unknown; publishDate?: unknown }

/**
 * Every article's slug, title and category, and its layout variant: its rank
 * among the articles of its category by publication date, so two articles of
 * one category never share a layout and a newer article leaves the older
 * covers as they are.
 */
function readArticles(): CoverArticle[] {
  const articles = readdirSync(ARTICLES_DIR)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const source = readFileSync(path.join(ARTICLES_DIR, file), 'utf8').replace(/\r\n/g, '\n')
      const match = FrontMatter.exec(source)
      if (!match) throw new Error(`${file}: falta o cabeçalho YAML entre linhas ---`)
      const meta = (parse(match[1]!) ?? {}) as Meta
      const text = (field: 'slug' | 'title' | 'category') => {
        const value = meta[field]
        if (typeof value !== 'string' || !value.trim()) throw new Error(`${file}: falta o campo "${field}" no cabeçalho`)
        return value.trim()
      }
      const date = meta.publishDate instanceof Date ? meta.publishDate.toISOString() : String(meta.publishDate ?? '')
      return { slug: text('slug'), title: text('title'), category: text('category'), date }
    })
  const byDate = [...articles].sort((a, b) => a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug))
  return articles.map(({ slug, title, category }) => {
    const variant = byDate.filter((other) => other.category === category).findIndex((other) => other.slug === slug)
    return { slug, title, category, variant }
  })
}

/** Width and height of a WebP file (VP8, VP8L or VP8X header). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP') throw new Error('não é um arquivo WebP')
  const chunk = bytes.toString('ascii', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  throw new Error(`bloco WebP desconhecido "${chunk}"`)
}

const widths = [COVER_WIDTH, ...[...SEED_WEBP_WIDTHS].sort((a, b) => b - a)]
const fileName = (slug: string, width: number) => (width === COVER_WIDTH ? `blog-${slug}.webp` : `blog-${slug}-${width}w.webp`)

async function main() {
  const articles = readArticles()
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((slug) => !articles.some((article) => article.slug === slug))
  if (unknown.length) throw new Error(`artigo(s) não encontrado(s) em ${path.relative(process.cwd(), ARTICLES_DIR)}: ${unknown.join(', ')}`)
  const selected = wanted.length ? articles.filter((article) => wanted.includes(article.slug)) : articles

  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  let failures = 0
  try {
    const page = await browser.newPage()
    await page.setContent('<!doctype html><title>covers</title>')
    for (const article of selected) {
      const svg = coverSvg(article)
      for (const width of widths) {
        const height = Math.round((width * COVER_HEIGHT) / COVER_WIDTH)
        const file = path.join(IMAGES_DIR, fileName(article.slug, width))
        let quality = QUALITY
        let bytes: Buffer
        for (;;) {
          const dataUrl = await page.evaluate(
            async ({ svg, width, height, quality }) => {
              const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
              try {
                const image = new Image()
                image.src = url
                await image.decode()
                const canvas = document.createElement('canvas')
                canvas.width = width
                canvas.height = height
                const context = canvas.getContext('2d')
                if (!context) throw new Error('canvas 2D indisponível')
                context.imageSmoothingQuality = 'high'
                context.drawImage(image, 0, 0, width, height)
                return canvas.toDataURL('image/webp', quality)
              } finally {
                URL.revokeObjectURL(url)
              }
            },
            { svg, width, height, quality },
          )
          const prefix = 'data:image/webp;base64,'
          if (!dataUrl.startsWith(prefix)) throw new Error(`o Chromium não gerou WebP (${dataUrl.slice(0, 30)}…)`)
          bytes = Buffer.from(dataUrl.slice(prefix.length), 'base64')
          if (width !== COVER_WIDTH || bytes.length <= MAX_BYTES || quality <= MIN_QUALITY) break
          quality = Math.round((quality - 0.06) * 100) / 100
        }
        writeFileSync(file, bytes)

        const written = webpSize(readFileSync(file))
        const relative = path.relative(process.cwd(), file)
        if (written.width !== width || written.height !== height) {
          console.error(`ERRO ${relative}: ${written.width}×${written.height}, esperado ${width}×${height}`)
          failures++
          continue
        }
        const budget = width === COVER_WIDTH && bytes.length > MAX_BYTES ? ' (acima de 120 KB)' : ''
        const note = quality === QUALITY ? '' : ` qualidade ${quality}`
        console.log(`${relative}  ${width}×${height}  ${(bytes.length / 1024).toFixed(1)} KB${note}${budget}`)
      }
    }
  } finally {
    await browser.close()
  }
  if (failures) throw new Error(`${failures} imagem(ns) com dimensões erradas`)
  console.log(`${selected.length} capa(s) gerada(s) em ${path.relative(process.cwd(), IMAGES_DIR)}`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
