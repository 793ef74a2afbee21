/**
 * Where a server's time goes, from a V8 `.cpuprofile` (what `node --cpu-prof`
 * or the inspector's Profiler writes): self time per function and per group
 * of modules (React render, Remix, GROQ over the seed, compression, Express,
 * Node's own HTTP and streams…). A native function (no script URL: zlib's
 * `write`, a socket's `writev`) counts in the group of the JavaScript that
 * called it, so gzip lands in compression, not in "native". Used by `npm run bench:pages -- --profile`. Pure: a parsed
 * profile in, sorted figures out.
 */

/** The parts of a V8 CPU profile read here. */
export type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>
  samples: number[]
  /** Microseconds between consecutive samples. */
  timeDeltas: number[]
}

/** The groups, first match wins: a test on the script URL (or the function name for V8's own entries). */
const groups: ReadonlyArray<readonly [name: string, test: (url: string, functionName: string) => boolean]> = [
  ['idle', (url, name) => url === '' && name === '(idle)'],
  ['garbage collection', (url, name) => url === '' && name === '(garbage collector)'],
  ['V8 and native code', (url) => url === ''],
  ['the profiler itself (node:inspector)', (url) => url === 'node:inspector'],
  ['React render (react-dom/server)', (url) => /\/node_modules\/react(-dom)?\//.test(url)],
  ['database (PGlite, Drizzle, WebAssembly)', (url) => url.startsWith('wasm://') || /\/node_modules\/(@electric-sql|drizzle-orm|postgres)\//.test(url)],
  ['GROQ (groq-js over the seed)', (url) => /\/node_modules\/groq-js\//.test(url)],
  [
    'Remix (router, loaders, single fetch)',
    (url) => /\/node_modules\/(@remix-run|turbo-stream|react-router(-dom)?|cookie-signature|set-cookie-parser)\//.test(url),
  ],
  ['forms (Conform, zod)', (url) => /\/node_modules\/(@conform-to\/[^/]+|zod)\//.test(url)],
  ['compression (gzip)', (url) => /\/node_modules\/compression\//.test(url) || /^node:(internal\/)?zlib/.test(url)],
  [
    'Express',
    (url) =>
      /\/node_modules\/(express|router|send|serve-static|finalhandler|body-parser|on-finished|parseurl|qs|accepts|negotiator|vary|etag|fresh|depd|mime[^/]*|type-is)\//.test(
        url,
      ),
  ],
  ['web streams and fetch (undici)', (url) => /^node:internal\/(webstreams|deps\/undici)/.test(url)],
  ['Node HTTP, net and streams', (url) => url.startsWith('node:')],
  ['the app (server build)', (url) => /\/build[^/]*\/server\//.test(url) || /\/(app|scripts|db)\//.test(url)],
  ['other packages', (url) => url.includes('/node_modules/')],
]

/** The group a profile entry belongs to. */
export function profileGroup(url: string, functionName: string): string {
  return groups.find(([, test]) => test(url, functionName))?.[0] ?? 'other'
}

/** `file.js` or `package/…/file.js`: the end of a script URL, short enough for a table. */
function shortLocation(url: string): string {
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*?([^/]+)$/.exec(url)
  if (inPackage) return `${inPackage[1]}/…/${inPackage[2]}`
  return url.replace(/^file:\/\/.*\/(build[^/]*\/|scripts\/|app\/)/, '$1')
}

/** Groups that are not the server's work: time waiting, and the profiler's own. */
export const notServerWork = new Set(['idle', 'the profiler itself (node:inspector)'])

export type ProfileSummary = {
  /** Microseconds sampled, idle included. */
  totalMicros: number
  groups: Array<{ name: string; micros: number }>
  functions: Array<{ name: string; location: string; group: string; micros: number }>
}

/** Self time per group and per function (name + place), busiest first. */
export function summarizeCpuProfile(profile: CpuProfile): ProfileSummary {
  const selfMicros = new Map<number, number>()
  profile.samples.forEach((nodeId, index) => selfMicros.set(nodeId, (selfMicros.get(nodeId) ?? 0) + (profile.timeDeltas[index] ?? 0)))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node] as const)))
  /** The nearest caller with a script URL: where a native function's time belongs. */
  const scriptCaller = (id: number) => {
    let caller = parentOf.get(id)
    while (caller && caller.callFrame.url === '') caller = parentOf.get(caller.id)
    return caller
  }
  const byGroup = new Map<string, number>()
  const byFunction = new Map<string, { name: string; location: string; group: string; micros: number }>()
  for (const [id, micros] of selfMicros) {
    const { callFrame } = byId.get(id) ?? { callFrame: { functionName: '(unknown)', url: '', lineNumber: 0 } }
    const name = callFrame.functionName || '(anonymous)'
    // V8's own entries, "(garbage collector)", "(program)", "(idle)", stay as they are.
    const caller = callFrame.url === '' && !callFrame.functionName.startsWith('(') ? scriptCaller(id) : undefined
    const place = caller?.callFrame ?? callFrame
    const group = profileGroup(place.url, place.functionName || name)
    const location = place.url ? `${caller ? 'nativa ← ' : ''}${shortLocation(place.url)}:${place.lineNumber + 1}` : ''
    byGroup.set(group, (byGroup.get(group) ?? 0) + micros)
    const key = `${name} ${location}`
    const entry = byFunction.get(key) ?? { name, location, group, micros: 0 }
    entry.micros += micros
    byFunction.set(key, entry)
  }
  const busiestFirst = <T extends { micros: number }>(entries: Iterable<T>) => [...entries].sort((a, b) => b.micros - a.micros)
  return {
    totalMicros: profile.timeDeltas.reduce((sum, delta) => sum + delta, 0),
    groups: busiestFirst([...byGroup].map(([name, micros]) => ({ name, micros }))),
    functions: busiestFirst(byFunction.values()),
  }
}
