import { describe, expect, it } from 'vitest'
import { profileGroup, summarizeCpuProfile, type CpuProfile } from '../../../scripts/bench/lib/cpu-profile'

const root = 'file:///srv/site'
const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber })

describe('summarizeCpuProfile (npm run bench:pages -- --profile)', () => {
  it('sums self time per function and per group of modules, busiest first', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('renderElement', `${root}/node_modules/react-dom/cjs/react-dom-server.node.production.min.js`, 9) },
        { id: 3, callFrame: frame('evaluate', `${root}/node_modules/groq-js/dist/index.cjs`) },
        { id: 4, callFrame: frame('(idle)', '') },
        { id: 5, callFrame: frame('renderElement', `${root}/node_modules/react-dom/cjs/react-dom-server.node.production.min.js`, 9) },
        { id: 6, callFrame: frame('processChunk', 'node:zlib', 478), children: [7] },
        { id: 7, callFrame: frame('write', '') },
        { id: 8, callFrame: frame('(garbage collector)', '') },
      ],
      samples: [2, 3, 2, 4, 5, 6, 3, 7, 8],
      timeDeltas: [100, 50, 100, 1000, 30, 20, 25, 300, 5],
    }

    const summary = summarizeCpuProfile(profile)

    expect(summary.totalMicros).toBe(1630)
    expect(summary.groups).toEqual([
      { name: 'idle', micros: 1000 },
      // zlib's native write counts with the JavaScript that called it.
      { name: 'compression (gzip)', micros: 320 },
      { name: 'React render (react-dom/server)', micros: 230 },
      { name: 'GROQ (groq-js over the seed)', micros: 75 },
      { name: 'garbage collection', micros: 5 },
    ])
    expect(summary.functions).toContainEqual({ name: 'write', location: 'nativa ← node:zlib:479', group: 'compression (gzip)', micros: 300 })
    // Two nodes of one function (two call paths) make one entry.
    expect(summary.functions[2]).toEqual({
      name: 'renderElement',
      location: 'react-dom/…/react-dom-server.node.production.min.js:10',
      group: 'React render (react-dom/server)',
      micros: 230,
    })
  })

  it('tells the server build, Express and Node internals apart', () => {
    expect(profileGroup(`${root}/build/server/index.js`, 'Home')).toBe('the app (server build)')
    expect(profileGroup(`${root}/node_modules/express/lib/router/index.js`, 'next')).toBe('Express')
    expect(profileGroup(`${root}/node_modules/@remix-run/server-runtime/dist/single-fetch.js`, 'x')).toBe('Remix (router, loaders, single fetch)')
    expect(profileGroup('node:internal/webstreams/readablestream', 'x')).toBe('web streams and fetch (undici)')
    expect(profileGroup('node:_http_outgoing', 'write')).toBe('Node HTTP, net and streams')
    expect(profileGroup('', '(garbage collector)')).toBe('garbage collection')
  })
})
