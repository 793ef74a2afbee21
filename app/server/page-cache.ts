/**
 * The server's own in-memory cache of public pages (ADR 029): with no CDN in
 * front, a plain page view is answered from here without running Remix, from
 * bytes already gzipped. What may be stored is decided by the response, the
 * same way a CDN decides: a 200 HTML document to a GET whose Cache-Control is
 * public with an s-maxage and which sets no cookie. What may be served from
 * here is decided by the request: a GET or HEAD without attribution (no
 * campaign parameters or click ids, no external referrer: those views must
 * reach the loader to record the first touch; origin-tracking.server.ts).
 *
 * Keyed by path and query; bounded by the bytes it holds (least recently
 * used first out); entries live `ttlMs` (the content cache's TTL) and are all
 * dropped by the publish webhook (`purge`, through Remix's load context).
 * Addresses with a query string (a blog search, a calculator link, or any
 * made-up `?x=…`, which most pages answer like their plain address) share at
 * most a quarter of the bound and evict among themselves, so a flood of
 * invented queries cannot push the site's own pages out.
 *
 *   const cache = new PageCache({ maxBytes: 32 * 2 ** 20, ttlMs: 60_000 })
 *   app.use(servePageCacheHits(cache, isPlainView))   // early: no Remix, no compression
 *   app.use(recordPageCache(cache, isPlainView))      // right before Remix
 */
import { gzipSync } from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { isSharedCachePolicy } from '~/utils/http.server'

export const PAGE_CACHE_HEADER = 'X-Page-Cache'

type StoredPage = {
  status: number
  /** Response headers as sent, without the ones that depend on the encoding or the moment. */
  headers: Record<string, string | string[]>
  body: Buffer
  gzipped: Buffer
  storedAt: number
  bytes: number
}

/** The share of the bound that pages whose address has a query string may hold together. */
export const QUERY_SHARE = 0.25
const hasQuery = (key: string) => key.includes('?')

export type PageCacheOptions = {
  /** Upper bound of the bodies held (identity + gzip); 0 turns the cache off. */
  maxBytes: number
  ttlMs: number
  now?: () => number
}

export class PageCache {
  readonly #entries = new Map<string, StoredPage>()
  readonly #maxBytes: number
  readonly #ttlMs: number
  readonly #now: () => number
  #bytes = 0
  /** Bytes held by entries whose key has a query string (at most QUERY_SHARE of the bound). */
  #queryBytes = 0

  constructor({ maxBytes, ttlMs, now = Date.now }: PageCacheOptions) {
    this.#maxBytes = maxBytes
    this.#ttlMs = ttlMs
    this.#now = now
  }

  get enabled(): boolean {
    return this.#maxBytes > 0 && this.#ttlMs > 0
  }

  /** Bytes held now (bodies, identity and gzip). */
  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#entries.size
  }

  /** The fresh entry for a key, marked most recently used; an expired one is dropped. */
  get(key: string): StoredPage | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.delete(key)
      return undefined
    }
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry
  }

  /** Stores a page (gzipping it once), evicting the least recently used ones beyond the bound. */
  set(key: string, page: { status: number; headers: Record<string, string | string[]>; body: Buffer }): void {
    if (!this.enabled) return
    const gzipped = gzipSync(page.body)
    const entry: StoredPage = { ...page, gzipped, storedAt: this.#now(), bytes: page.body.length + gzipped.length + key.length }
    const queryBound = this.#maxBytes * QUERY_SHARE
    if (entry.bytes > (hasQuery(key) ? queryBound : this.#maxBytes)) return
    this.delete(key)
    this.#entries.set(key, entry)
    this.#bytes += entry.bytes
    if (hasQuery(key)) this.#queryBytes += entry.bytes
    // Least recently used first: queries over their share, then anything over the bound.
    for (const [oldest] of this.#entries) {
      if (this.#queryBytes <= queryBound) break
      if (hasQuery(oldest)) this.delete(oldest)
    }
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break
      this.delete(oldest)
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
    if (hasQuery(key)) this.#queryBytes -= entry.bytes
  }

  /** Drops every page (a content publish); returns how many there were. */
  purge(): number {
    const count = this.#entries.size
    this.#entries.clear()
    this.#bytes = 0
    this.#queryBytes = 0
    return count
  }

  /** Seconds since the entry was stored, for the Age header (a CDN behind us counts from it). */
  ageSeconds(entry: StoredPage): number {
    return Math.max(0, Math.floor((this.#now() - entry.storedAt) / 1000))
  }
}

/** Whether a request may be answered from the cache, from its URL and Referer (carriesAttribution's negation). */
export type PlainViewCheck = (url: string, referer: string | undefined, cookie: string | undefined) => boolean

/**
 * The address, and nothing else: like a CDN, one shared copy per address,
 * whatever cookies the visitor sends. A page that may be shared is the same
 * for everyone (ADR 034); one that is not says so, and is never stored.
 */
const cacheKey = (req: Pick<Request, 'originalUrl'>) => req.originalUrl

/** Headers a stored page never repeats: they depend on the encoding, the connection or the moment. */
const UNSTORED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'vary', 'set-cookie', 'age'])

/** What a shared cache may keep: a 200 HTML page, public with an s-maxage, setting no cookie. */
export function isShareablePage(res: Pick<Response, 'statusCode' | 'getHeader'>): boolean {
  if (res.statusCode !== 200 || res.getHeader('Set-Cookie')) return false
  const type = String(res.getHeader('Content-Type') ?? '')
  const policy = String(res.getHeader('Cache-Control') ?? '')
  return type.startsWith('text/html') && isSharedCachePolicy(policy)
}

const acceptsGzip = (header: string | undefined) => header !== undefined && /\bgzip\b/.test(header)

function isCandidate(req: Request, isPlainView: PlainViewCheck): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && isPlainView(req.originalUrl, req.headers.referer, req.headers.cookie)
}

/** Answers a cached page at once, gzipped when the client accepts it; anything else goes on. */
export function servePageCacheHits(cache: PageCache, isPlainView: PlainViewCheck): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled || !isCandidate(req, isPlainView)) return next()
    const entry = cache.get(cacheKey(req))
    if (!entry) return next()
    const gzip = acceptsGzip(req.headers['accept-encoding'])
    const body = gzip ? entry.gzipped : entry.body
    res.writeHead(entry.status, {
      ...entry.headers,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': String(body.length),
      Age: String(cache.ageSeconds(entry)),
      [PAGE_CACHE_HEADER]: 'hit',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

/**
 * Keeps a copy of what Remix answers to a cacheable request, if the answer
 * is shareable (isShareablePage). Sits after compression, so it sees the
 * bytes before they are encoded.
 */
export function recordPageCache(cache: PageCache, isPlainView: PlainViewCheck): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled || req.method !== 'GET' || !isCandidate(req, isPlainView)) return next()
    res.setHeader(PAGE_CACHE_HEADER, 'miss')
    const chunks: Buffer[] = []
    let keep = true
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => Response
    const capture = (chunk: unknown, encoding: unknown) => {
      if (!keep || chunk == null || typeof chunk === 'function') return
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
      else keep = false
    }
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      capture(chunk, rest[0])
      return write(chunk, ...rest)
    }) as Response['write']
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      capture(chunk, rest[0])
      if (keep && isShareablePage(res)) {
        const headers: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || UNSTORED_HEADERS.has(name) || name === PAGE_CACHE_HEADER.toLowerCase()) continue
          headers[name] = typeof value === 'number' ? String(value) : value
        }
        cache.set(cacheKey(req), { status: res.statusCode, headers, body: Buffer.concat(chunks) })
      }
      return end(chunk, ...rest)
    }) as Response['end']
    next()
  }
}
