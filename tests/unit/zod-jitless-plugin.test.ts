import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { jitlessZodCore, zodJitlessInBrowser } from '../../scripts/lib/zod-jitless-plugin'

/** The zod core module the browser build bundles, as installed. */
const corePath = path.join(path.dirname(createRequire(import.meta.url).resolve('zod/package.json')), 'v4/core/core.js')
const installedCore = readFileSync(corePath, 'utf8')

describe('zod starts jitless in the browser build', () => {
  it('creates the installed zod’s global configuration with jitless on, and nothing else changes', () => {
    const patched = jitlessZodCore(installedCore)
    expect(patched).toContain('__zod_globalConfig = { jitless: true }')
    expect(patched.length - installedCore.length).toBe(' jitless: true '.length)
  })

  it('leaves the server build and every other module alone', () => {
    const transform = zodJitlessInBrowser().transform as (code: string, id: string, options?: { ssr?: boolean }) => unknown
    expect(transform(installedCore, corePath, { ssr: true })).toBeUndefined()
    expect(transform('export const a = 1', '/app/routes/_index.tsx')).toBeUndefined()
    expect(transform(installedCore, corePath)).toEqual({ code: jitlessZodCore(installedCore), map: null })
  })

  it('stops the build when zod no longer creates its configuration that way', () => {
    expect(() => jitlessZodCore('export const globalConfig = {}')).toThrow(/no longer creates its configuration/)
  })
})
