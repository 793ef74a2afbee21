import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from './fixtures'

/**
 * The Studio (about 1.7 MB of gzipped JavaScript) must never reach a public
 * page. Proven from the build under test:
 * - Remix's browser manifest (`<build>/client/assets/manifest-<version>.js`,
 *   what the browser uses to load each route's modules; Vite's own
 *   `.vite/manifest.json` is deleted by Remix after the build unless
 *   vite.config.ts sets build.manifest) gives every route's chunks;
 * - each chunk's own import statements give what it pulls in, statically and
 *   through dynamic import();
 * - Studio code is recognised by what only Sanity Studio contains (its
 *   structure tool and UI kit), not by file name.
 * Then a browser loads / and must not request any Studio chunk.
 */
const clientDir = path.resolve(process.env.E2E_BUILD_DIR ?? 'build', 'client')
const assetsDir = path.join(clientDir, 'assets')
const serverAssetsDir = path.resolve(process.env.E2E_BUILD_DIR ?? 'build', 'server', 'assets')
const STUDIO_ROUTE = 'routes/studio.$'
/** Strings found only in Sanity Studio's code: the structure tool's plugin name and the Sanity UI package. */
const STUDIO_MARKERS = ['"sanity/structure"', '@sanity/ui']

type ManifestEntry = { module: string; imports?: string[]; css?: string[] }
type BrowserManifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { path?: string }> }

function readBrowserManifest(): BrowserManifest {
  const newest = readdirSync(assetsDir)
    .filter((file) => /^manifest-[\w-]+\.js$/.test(file))
    .map((file) => path.join(assetsDir, file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
  if (!newest) throw new Error(`no Remix browser manifest in ${assetsDir}: build first`)
  const text = readFileSync(newest, 'utf8').trim()
  return JSON.parse(text.replace(/^window\.__remixManifest\s*=\s*/, '').replace(/;$/, '')) as BrowserManifest
}

/** "/assets/x.js" → "x.js" */
const chunkName = (url: string) => url.replace(/^.*\/assets\//, '')

const importCache = new Map<string, { staticImports: string[]; dynamicImports: string[] }>()
/** The chunks a chunk imports: `import … from "./x.js"`, `import "./x.js"`, `import("./x.js")` and Vite's preload lists. */
function importsOf(chunk: string) {
  let found = importCache.get(chunk)
  if (!found) {
    const file = path.join(assetsDir, chunk)
    const code = existsSync(file) ? readFileSync(file, 'utf8') : ''
    const staticImports = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1]!)
    const dynamicImports = [
      ...[...code.matchAll(/\bimport\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((match) => match[1]!),
      ...[...code.matchAll(/["'](?:\/?assets\/)([^"']+\.js)["']/g)].map((match) => match[1]!),
    ]
    found = { staticImports, dynamicImports }
    importCache.set(chunk, found)
  }
  return found
}

function closure(start: Iterable<string>, { followDynamic, around = new Set() }: { followDynamic: boolean; around?: ReadonlySet<string> }): Set<string> {
  const seen = new Set<string>()
  const queue = [...start]
  while (queue.length) {
    const chunk = queue.pop()!
    if (seen.has(chunk) || around.has(chunk)) continue
    seen.add(chunk)
    const { staticImports, dynamicImports } = importsOf(chunk)
    queue.push(...staticImports, ...(followDynamic ? dynamicImports : []))
  }
  return seen
}

type Analysis = {
  manifest: BrowserManifest
  studioCode: Set<string>
  publicRoutes: string[]
  studioOnly: Set<string>
  /** The preview's tools (components/preview/preview-tools.tsx): the root loads this chunk for an editor in preview only. */
  previewTools: string
  /** The chunks only the preview's tools lead to (Sanity's visual editing), not the ones pages share with them (React). */
  previewCode: Set<string>
  reachableFrom: (id: string, followDynamic?: boolean, around?: ReadonlySet<string>) => Set<string>
}

let analysis: Analysis | undefined
/** Read when the tests run (the web server builds first), never when the file is collected. */
function analyse(): Analysis {
  if (analysis) return analysis
  const manifest = readBrowserManifest()
  const entryChunks = [manifest.entry.module, ...(manifest.entry.imports ?? [])].map(chunkName)
  const routeChunks = (id: string) => {
    const route = manifest.routes[id]!
    return [route.module, ...(route.imports ?? [])].map(chunkName)
  }
  const rootChunks = routeChunks('root')
  /** What a visit to a route can ever load: entry, root, the route, and everything they import, even lazily. */
  const reachableFrom = (id: string, followDynamic = true, around: ReadonlySet<string> = new Set()) =>
    closure([...entryChunks, ...rootChunks, ...routeChunks(id)], { followDynamic, around })
  const allChunks = readdirSync(assetsDir).filter((file) => file.endsWith('.js'))
  const previewTools = allChunks.find((chunk) => /^preview-tools-[\w-]+\.js$/.test(chunk))
  if (!previewTools) throw new Error(`no preview-tools chunk in ${assetsDir}`)
  const publicRoutesAround = Object.keys(manifest.routes).filter((id) => id !== 'root' && id !== STUDIO_ROUTE)
  const sharedWithPages = new Set(
    publicRoutesAround.flatMap((id) => [
      ...closure([...entryChunks, ...rootChunks, ...routeChunks(id)], { followDynamic: true, around: new Set([previewTools]) }),
    ]),
  )
  const previewCode = new Set([...closure([previewTools], { followDynamic: true })].filter((chunk) => !sharedWithPages.has(chunk)))
  const studioCode = new Set(allChunks.filter((chunk) => STUDIO_MARKERS.some((marker) => readFileSync(path.join(assetsDir, chunk), 'utf8').includes(marker))))
  const publicRoutes = Object.keys(manifest.routes).filter((id) => id !== 'root' && id !== STUDIO_ROUTE)
  const publicReach = new Set(publicRoutes.flatMap((id) => [...reachableFrom(id)]))
  /** Every chunk only the Studio route leads to (the Studio and Sanity's lazily loaded parts). */
  const studioOnly = new Set([...reachableFrom(STUDIO_ROUTE)].filter((chunk) => !publicReach.has(chunk)))
  analysis = { manifest, studioCode, publicRoutes, studioOnly, previewTools, previewCode, reachableFrom }
  return analysis
}

test.describe('the Studio stays out of public bundles', () => {
  test('@js @desktop the build has the Studio in its own chunk, reached only by a dynamic import of /studio', () => {
    const { manifest, studioCode, reachableFrom } = analyse()
    expect(Object.keys(manifest.routes)).toContain(STUDIO_ROUTE)
    expect(studioCode.size).toBeGreaterThan(0)
    const biggest = Math.max(...[...studioCode].map((chunk) => statSync(path.join(assetsDir, chunk)).size))
    expect(biggest).toBeGreaterThan(1_000_000)
    // /studio reaches it, but only lazily: its own module does not import it statically.
    const lazily = reachableFrom(STUDIO_ROUTE, true)
    const eagerly = reachableFrom(STUDIO_ROUTE, false)
    for (const chunk of studioCode) {
      expect(lazily.has(chunk), chunk).toBe(true)
      expect(eagerly.has(chunk), chunk).toBe(false)
    }
  })

  test('@js @desktop no route except /studio reaches Studio code, not even through a dynamic import (the preview’s tools aside)', () => {
    const { publicRoutes, studioCode, previewTools, reachableFrom } = analyse()
    expect(publicRoutes.length).toBeGreaterThan(10)
    const around = new Set([previewTools])
    const leaks = publicRoutes.flatMap((id) => [...reachableFrom(id, true, around)].filter((chunk) => studioCode.has(chunk)).map((chunk) => `${id} → ${chunk}`))
    expect(leaks).toEqual([])
  })

  test('@js @desktop the preview’s tools: a lazy chunk of the root, with Sanity’s visual editing and never the Studio', () => {
    const { manifest, previewTools, previewCode, reachableFrom } = analyse()
    const root = chunkName(manifest.routes.root!.module)
    expect(importsOf(root).dynamicImports).toContain(previewTools)
    expect(reachableFrom('routes/_index', false).has(previewTools)).toBe(false)
    // Visual editing is in it (its messages to the Studio), the Studio's own code is not.
    expect([...previewCode].some((chunk) => readFileSync(path.join(assetsDir, chunk), 'utf8').includes('"visual-editing/navigate"'))).toBe(true)
    expect([...previewCode].filter((chunk) => readFileSync(path.join(assetsDir, chunk), 'utf8').includes('"sanity/structure"'))).toEqual([])
  })

  test('@js @desktop the server build has only an empty stand-in for the browser-only Studio module', () => {
    const stubs = readdirSync(serverAssetsDir).filter((file) => /^studio\.client-.*\.js$/.test(file))
    for (const stub of stubs) expect(statSync(path.join(serverAssetsDir, stub)).size).toBeLessThan(1_000)
  })

  test('@desktop @js the home page does not request any Studio or preview chunk', async ({ page }) => {
    const { manifest, studioCode, studioOnly, previewCode } = analyse()
    expect(studioOnly.size).toBeGreaterThan(0)
    const requested: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/assets/')) requested.push(chunkName(url.pathname))
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    // The recorder works: the home route's own module was loaded.
    expect(requested).toContain(chunkName(manifest.routes['routes/_index']!.module))
    expect(requested.filter((chunk) => studioOnly.has(chunk) || studioCode.has(chunk) || previewCode.has(chunk))).toEqual([])
  })
})
