/**
 * A stand-in of Sanity's Content Lake on 127.0.0.1: a local HTTP server that
 * answers @sanity/client's real query requests (GET or POST
 * /v<apiVersion>/data/query/<dataset>) by running the query with groq-js.
 *
 * - The perspective the client asks for is honoured: `published` (the
 *   default), `raw`, `drafts` or a release stack (`rSpring,drafts`), by
 *   overlaying the drafts and versions in the dataset as the Lake does.
 * - With `resultSourceMap` it sends a Content Source Map in which every
 *   string of the result maps to the same path in the query's main document
 *   (the first `_type == "…"` it names, by `$slug`/`$key` when it has one):
 *   the worst case for stega (every string the filter allows gets an edit
 *   link), and right for the fields a page shows under their own names
 *   (`hero.title` of the home is `homePage`'s `hero.title`).
 * - `add(document)` stores a document, as the Studio's mutations would.
 * - `mode` makes it fail: 503, never answer, or refuse the query (400).
 *
 * No network leaves the machine.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ContentSourceMap } from '@sanity/client'
import { overlayPerspective, type SeedDocument } from '../../app/content/seed-dataset.server'
import { evaluateGroq } from '../../app/content/source.server'

export type LakeMode = 'ok' | 'down' | 'hang' | 'bad-query'
export type LakeRequest = { path: string; params: URLSearchParams; authorization?: string; query: string }

export type ContentLake = {
  url: string
  /** Every request, in order (cleared with `seen.length = 0`). */
  seen: LakeRequest[]
  mode: LakeMode
  /** What the Lake holds now (published documents, drafts, versions, secrets): live, not a copy. */
  documents: SeedDocument[]
  /** Stores (or replaces) a document: what a mutation from the Studio does. */
  add(document: SeedDocument): void
  close(): Promise<void>
}

/** A source map that sends every string in `result` to the same path of one document. */
export function everyStringSourceMap(
  result: unknown,
  document: { _id: string; _type: string } = { _id: 'documento-do-teste', _type: 'homePage' },
): ContentSourceMap {
  const paths: string[] = []
  const mappings: ContentSourceMap['mappings'] = {}
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      paths.push(path)
      mappings[path] = { type: 'value', source: { type: 'documentValue', document: 0, path: paths.length - 1 } }
    } else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`))
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, `${path}['${key}']`)
  }
  walk(result, '$')
  return { documents: [document], paths, mappings }
}

const isVersion = (document: SeedDocument) => document._id.startsWith('drafts.') || document._id.startsWith('versions.')

/** The document a query is mainly about: the first type it filters on, by `$slug` or `$key` when it has one. */
function mainDocument(query: string, params: Record<string, unknown>, dataset: readonly SeedDocument[]): { _id: string; _type: string } | undefined {
  const type = query.match(/_type == "([\w.]+)"/)?.[1]
  const slug = params.slug ?? params.key
  const ofType = dataset.filter((document) => document._type === type)
  const match = slug === undefined ? ofType[0] : ofType.find((document) => (document.slug as { current?: string } | undefined)?.current === slug)
  return match && { _id: match._id, _type: match._type }
}

export async function startContentLake({ dataset: initial }: { dataset: SeedDocument[] }): Promise<ContentLake> {
  const dataset = [...initial]
  const lake: ContentLake = {
    url: '',
    seen: [],
    mode: 'ok',
    documents: dataset,
    add: (document) => {
      const index = dataset.findIndex(({ _id }) => _id === document._id)
      if (index === -1) dataset.push(document)
      else dataset[index] = document
    },
    close: async () => {},
  }
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let body = ''
    for await (const chunk of req) body += chunk
    const posted = body ? (JSON.parse(body) as { query?: string; params?: Record<string, unknown> }) : {}
    const query = posted.query ?? url.searchParams.get('query') ?? ''
    lake.seen.push({ path: url.pathname, params: url.searchParams, authorization: req.headers.authorization, query })
    if (lake.mode === 'hang') return // never answers: the client's timeout must end it
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (lake.mode === 'down') return json(503, { error: 'Service Unavailable', message: 'maintenance' })
    if (!/^\/v\d{4}-\d{2}-\d{2}\/data\/query\/[\w-]+$/.test(url.pathname)) return json(404, { error: 'Not Found' })
    const params =
      posted.params ??
      Object.fromEntries([...url.searchParams].filter(([name]) => name.startsWith('$')).map(([name, value]) => [name.slice(1), JSON.parse(value)]))
    const perspective = url.searchParams.get('perspective') ?? 'published'
    const published = dataset.filter((document) => !isVersion(document))
    const visible =
      perspective === 'raw'
        ? dataset
        : perspective === 'published'
          ? published
          : overlayPerspective(published, dataset.filter(isVersion), perspective.split(','))
    try {
      if (lake.mode === 'bad-query') throw new Error('parse error')
      const result = await evaluateGroq(query, visible, params as Record<string, string>)
      const sourceMap = url.searchParams.has('resultSourceMap') ? { resultSourceMap: everyStringSourceMap(result, mainDocument(query, params, visible)) } : {}
      json(200, { ms: 1, query, result, ...sourceMap })
    } catch {
      json(400, { error: { description: 'expected query', type: 'queryParseError' } })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  lake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  lake.close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return lake
}
