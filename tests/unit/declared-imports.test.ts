import { readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every package the code imports is declared in package.json: one that works
 * only because npm hoisted another package's dependency breaks the day that
 * package drops it. Reads every module under app/, tests/, scripts/, db/ and
 * studio/ (static imports, re-exports and dynamic imports of a string).
 */
const ROOTS = ['app', 'tests', 'scripts', 'db', 'studio']
const SKIPPED_FOLDERS = /^(node_modules|build|\.data|\.cache|\.reports)$/
const IMPORTS = [/^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return SKIPPED_FOLDERS.test(name) ? [] : modules(file)
    return /\.(m?[jt]sx?|cjs)$/.test(name) ? [file] : []
  })
}

/** The package a specifier names (`@scope/name` or `name`), or null for a relative, aliased, built-in or virtual one. */
export function packageOf(specifier: string): string | null {
  if (/^[./~]|^node:|^virtual:/.test(specifier)) return null
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
  return builtinModules.includes(name) ? null : name
}

describe('declared imports', () => {
  it('names packages as package.json lists them', () => {
    expect(packageOf('@sanity/client/stega')).toBe('@sanity/client')
    expect(packageOf('drizzle-orm/pg-core')).toBe('drizzle-orm')
    expect(packageOf('node:fs')).toBeNull()
    expect(packageOf('fs')).toBeNull()
    expect(packageOf('~/utils/env.server')).toBeNull()
    expect(packageOf('virtual:remix/server-build')).toBeNull()
  })

  it('finds no package that the code imports and package.json does not declare', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>
    const declared = new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {})),
    )
    const undeclared = new Set<string>()
    for (const file of ROOTS.flatMap(modules)) {
      const text = readFileSync(file, 'utf8')
      for (const pattern of IMPORTS)
        for (const [, specifier] of text.matchAll(pattern)) {
          const name = packageOf(specifier!)
          if (name && !declared.has(name)) undeclared.add(`${name} (${file})`)
        }
    }
    expect([...undeclared]).toEqual([])
  })
})
