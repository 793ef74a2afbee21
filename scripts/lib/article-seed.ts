/**
 * The blog's seed articles are written in Markdown (studio/seed/articles/*.md:
 * YAML front matter, then a small Markdown subset) and converted here into
 * the Sanity documents of studio/seed/articles.ndjson, Portable Text bodies
 * included. `npm run content:articles` writes the file; a unit test fails
 * when it is stale. Editors never see the Markdown: in a real project the
 * documents are imported once and edited in the Studio.
 *
 * The subset: `##`/`###` headings, paragraphs with **bold**, *italic* and
 * [links](/path) (a link titled "afiliado" is an affiliate link), `-` and `1.`
 * lists (one level), GFM tables, `>` quotes, and callouts (`> [!DICA]`,
 * `> [!ATENCAO]`, `> [!EXEMPLO]` on the quote's first line). Anything else
 * is an error naming the file, so nothing is silently dropped.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import MarkdownIt from 'markdown-it'
import type Token from 'markdown-it/lib/token.mjs'
import { parse as parseYaml } from 'yaml'
import { CALLOUT_TONES, MAX_RELATED_ARTICLES } from '../../app/content/rules'

export const ARTICLES_DIR = path.resolve('studio/seed/articles')
export const ARTICLES_SEED_FILE = path.resolve('studio/seed/articles.ndjson')

type Doc = { _id: string; _type: string; [field: string]: unknown }
type Span = { _type: 'span'; _key: string; text: string; marks: string[] }
type MarkDef = { _type: 'link'; _key: string; href: string; affiliate?: boolean }
type Block = { _type: 'block'; _key: string; style: string; children: Span[]; markDefs: MarkDef[]; listItem?: string; level?: number }

export class ArticleSourceError extends Error {
  override name = 'ArticleSourceError'
}

const FrontMatter = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/

/** A stable `_key` (12 lowercase hex characters) for the n-th item of a document, so regenerating changes nothing. */
function keyMaker(seed: string) {
  let counter = 0
  return () => createHash('sha1').update(`${seed}:${counter++}`).digest('hex').slice(0, 12)
}

type Lookup = { categories: Map<string, string>; authors: Map<string, string> }

/** The category ids by title and the author ids by name, from the hand-written blog documents. */
export function blogLookup(documents: Doc[]): Lookup {
  const categories = new Map<string, string>()
  const authors = new Map<string, string>()
  for (const document of documents) {
    if (document._type === 'category') categories.set(String(document.title), document._id)
    if (document._type === 'author') authors.set(String(document.name), document._id)
  }
  return { categories, authors }
}

type FrontMatterFields = {
  slug: string
  status?: 'em-desenvolvimento'
  title: string
  description: string
  category: string
  publishDate: string | Date
  modifiedDate?: string | Date
  author: string
  keywords?: string[]
  tags?: string[]
  readingTime?: number
  stickyToc?: boolean
  faq?: { question: string; answer: string }[]
  cta: { title: string; description: string; buttonText: string; buttonLink: string }
  related?: string[]
  previous?: string
  next?: string
  /** Default: the cover's description (COVER_DESCRIPTIONS, by category) with the title. */
  coverAlt?: string
  coverCaption?: string
}

/**
 * What each category's cover illustration shows (the covers are committed images in public/images/,
 * one illustration per category with the article's title over it), for the covers' alt texts.
 */
const COVER_DESCRIPTIONS: Record<string, string> = {
  'inteligencia artificial': 'ilustração de uma rede de pontos conectados em tons de roxo',
  automacao: 'ilustração de etapas ligadas por setas, com engrenagens',
  'trafego pago': 'ilustração de barras em alta e um alvo, em roxo e âmbar',
  estrategia: 'ilustração de um caminho com marcos até uma bandeira',
  ferramentas: 'ilustração de uma grade de ícones de ferramentas em roxo',
  seo: 'ilustração de uma lupa sobre uma lista de resultados de busca',
  'social commerce': 'ilustração de um celular com um produto e uma sacola de compras',
  'redes sociais': 'ilustração de balões de conversa e corações em tons de roxo',
  'e-commerce': 'ilustração de um carrinho de compras e um fone de atendimento',
}
const GENERIC_COVER = 'ilustração de um megafone com ondas de som em tons de roxo'

/** A category's cover description: its title without accents or case ('Tráfego Pago' → 'trafego pago'). */
function coverDescription(category: string): string {
  const key = category
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
  return COVER_DESCRIPTIONS[key] ?? GENERIC_COVER
}

/** The cover shows the title over an illustration: the alt text says both (at most 160 characters). */
export function coverAlt(title: string, category: string): string {
  const full = `Capa do artigo "${title}": ${coverDescription(category)}`
  return full.length <= 160 ? full : `Capa do artigo "${title}"`.slice(0, 160)
}

const isoDate = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value))
export const articleId = (slug: string) => `article-${slug}`
const reference = (ref: string, key?: string) => ({ _type: 'reference', _ref: ref, ...(key ? { _key: key } : {}) })

/** One Markdown file → one article document. */
export function articleDocument(source: string, file: string, lookup: Lookup): Doc {
  const match = FrontMatter.exec(source.replace(/\r\n/g, '\n'))
  if (!match) throw new ArticleSourceError(`${file}: falta o cabeçalho YAML entre linhas ---`)
  const meta = parseYaml(match[1]!) as FrontMatterFields
  const fail = (message: string): never => {
    throw new ArticleSourceError(`${file}: ${message}`)
  }
  if (`${meta.slug}.md` !== path.basename(file)) fail(`o slug "${meta.slug}" não é o nome do arquivo`)
  const key = keyMaker(meta.slug)
  const category = lookup.categories.get(meta.category) ?? fail(`categoria desconhecida "${meta.category}"`)
  const authorName = meta.author.replace(/\s*\(.*\)\s*$/, '')
  const author = lookup.authors.get(authorName) ?? fail(`autor desconhecido "${authorName}"`)
  const inDevelopment = meta.status === 'em-desenvolvimento'
  const body = markdownToPortableText(match[2]!, key, fail)
  if (inDevelopment && body.length) fail('um artigo em desenvolvimento não tem texto')
  if (!inDevelopment && !body.length) fail('falta o texto do artigo')
  if ((meta.related?.length ?? 0) > MAX_RELATED_ARTICLES) fail(`no máximo ${MAX_RELATED_ARTICLES} relacionados`)

  return {
    _id: articleId(meta.slug),
    _type: 'article',
    title: meta.title,
    slug: { _type: 'slug', current: meta.slug },
    status: inDevelopment ? 'inDevelopment' : 'published',
    description: meta.description,
    category: reference(category),
    publishDate: isoDate(meta.publishDate),
    ...(meta.modifiedDate ? { modifiedDate: isoDate(meta.modifiedDate) } : {}),
    author: reference(author),
    coverImage: {
      _type: 'image',
      asset: { _type: 'reference', _ref: `image-blog-${meta.slug}-1200x630-webp` },
      alt: meta.coverAlt ?? coverAlt(meta.title, meta.category),
      ...(meta.coverCaption ? { caption: meta.coverCaption } : {}),
    },
    keywords: meta.keywords ?? [],
    tags: meta.tags ?? [],
    ...(meta.readingTime ? { readingTime: meta.readingTime } : {}),
    stickyToc: meta.stickyToc ?? false,
    ...(body.length ? { body } : {}),
    ...(meta.faq?.length ? { faq: meta.faq.map(({ question, answer }) => ({ _type: 'qa', _key: key(), question, answer })) } : {}),
    cta: {
      title: meta.cta.title,
      text: meta.cta.description,
      button: { _type: 'cta', label: meta.cta.buttonText, href: meta.cta.buttonLink },
    },
    ...(meta.related?.length ? { related: meta.related.map((slug) => reference(articleId(slug), key())) } : {}),
    ...(meta.previous ? { previous: reference(articleId(meta.previous)) } : {}),
    ...(meta.next ? { next: reference(articleId(meta.next)) } : {}),
  }
}

const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false })
const calloutTones = new Map(CALLOUT_TONES.map(({ value }) => [value.toUpperCase(), value]))

/** The Markdown subset → Portable Text (blocks, figureTable, callout). */
export function markdownToPortableText(text: string, key: () => string, fail: (message: string) => never): unknown[] {
  const tokens = markdown.parse(text, {})
  const out: unknown[] = []
  let list: 'bullet' | 'number' | null = null
  let quote: { lines: Token[] } | null = null
  let table: { rows: string[][]; row: string[] | null } | null = null

  const block = (style: string, inline: Token, extra: Partial<Block> = {}): Block => {
    const { children, markDefs } = inlineToSpans(inline, key, fail)
    return { _type: 'block', _key: key(), style, ...extra, markDefs, children }
  }

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!
    switch (token.type) {
      case 'heading_open': {
        if (token.tag !== 'h2' && token.tag !== 'h3') fail(`só há títulos ## e ### (achei ${token.markup})`)
        out.push(block(token.tag, tokens[++index]!))
        break
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        if (list) fail('listas não podem ter outra lista dentro')
        list = token.type === 'bullet_list_open' ? 'bullet' : 'number'
        break
      case 'bullet_list_close':
      case 'ordered_list_close':
        list = null
        break
      case 'blockquote_open':
        quote = { lines: [] }
        break
      case 'blockquote_close': {
        const [first, ...rest] = quote?.lines ?? []
        quote = null
        if (!first) fail('citação vazia')
        const marker = /^\[!([A-Z]+)\]\s*/.exec(first!.content)
        if (marker) {
          const tone = calloutTones.get(marker[1]!) ?? fail(`destaque desconhecido [!${marker[1]}]`)
          const calloutText = [first!, ...rest]
            .map(plainInline)
            .join(' ')
            .replace(/^\[![A-Z]+\]\s*/, '')
            .trim()
          if (!calloutText) fail('destaque sem texto')
          out.push({ _type: 'callout', _key: key(), tone, text: calloutText })
        } else {
          for (const line of [first!, ...rest]) out.push(block('blockquote', line))
        }
        break
      }
      case 'table_open':
        table = { rows: [], row: null }
        break
      case 'tr_open':
        if (table) table.row = []
        break
      case 'tr_close':
        if (table?.row) table.rows.push(table.row)
        if (table) table.row = null
        break
      case 'table_close':
        if (!table || table.rows.length < 2) fail('tabela sem linhas')
        out.push({
          _type: 'figureTable',
          _key: key(),
          rows: table!.rows.map((cells) => ({ _type: 'tableRow', _key: key(), cells })),
        })
        table = null
        break
      case 'inline': {
        if (table?.row) {
          table.row.push(plainInline(token))
        } else if (quote) {
          quote.lines.push(token)
        } else if (list) {
          out.push(block('normal', token, { listItem: list, level: 1 }))
        } else {
          out.push(block('normal', token))
        }
        break
      }
      case 'paragraph_open':
      case 'paragraph_close':
      case 'heading_close':
      case 'list_item_open':
      case 'list_item_close':
      case 'thead_open':
      case 'thead_close':
      case 'tbody_open':
      case 'tbody_close':
      case 'th_open':
      case 'th_close':
      case 'td_open':
      case 'td_close':
        break
      default:
        fail(`elemento fora do subconjunto de Markdown: ${token.type}`)
    }
  }
  return out
}

function plainInline(token: Token): string {
  return (token.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : child.type === 'softbreak' ? ' ' : ''))
    .join('')
    .trim()
}

function inlineToSpans(token: Token, key: () => string, fail: (message: string) => never): { children: Span[]; markDefs: MarkDef[] } {
  const children: Span[] = []
  const markDefs: MarkDef[] = []
  const active: string[] = []
  const push = (text: string) => {
    const last = children.at(-1)
    if (last && last.marks.join() === active.join()) last.text += text
    else children.push({ _type: 'span', _key: key(), text, marks: [...active] })
  }
  for (const child of token.children ?? []) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        push(child.content)
        break
      case 'softbreak':
      case 'hardbreak':
        push(' ')
        break
      case 'strong_open':
        active.push('strong')
        break
      case 'em_open':
        active.push('em')
        break
      case 'strong_close':
      case 'em_close':
      case 'link_close':
        active.pop()
        break
      case 'link_open': {
        const href = child.attrGet('href') ?? ''
        if (!/^(\/|#|https:\/\/|mailto:)/.test(href)) fail(`link inválido: ${href}`)
        const markKey = key()
        markDefs.push({ _type: 'link', _key: markKey, href, ...(child.attrGet('title') === 'afiliado' ? { affiliate: true } : {}) })
        active.push(markKey)
        break
      }
      default:
        fail(`elemento de texto fora do subconjunto: ${child.type}`)
    }
  }
  if (!children.length) children.push({ _type: 'span', _key: key(), text: '', marks: [] })
  return { children, markDefs }
}

/** Every Markdown article of the folder, in slug order, as documents. */
export function markdownArticles(blogDocuments: Doc[], dir = ARTICLES_DIR): Doc[] {
  const lookup = blogLookup(blogDocuments)
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => articleDocument(readFileSync(path.join(dir, file), 'utf8'), path.join(dir, file), lookup))
}

/**
 * The text of articles.ndjson: the current file's documents with every
 * Markdown article replaced by (or added as) its conversion. An article with
 * no Markdown (one exported from the Studio by `content:export`) is kept as it is.
 */
export function articlesNdjson(blogDocuments: Doc[], current: Doc[], dir = ARTICLES_DIR): string {
  const converted = markdownArticles(blogDocuments, dir)
  const ids = new Set(converted.map((document) => document._id))
  return [...converted, ...current.filter((document) => !ids.has(document._id))].map((document) => `${JSON.stringify(document)}\n`).join('')
}
