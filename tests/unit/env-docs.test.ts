import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema, envShape } from '../../app/utils/env.server'
import {
  documentedNames,
  documentedTargets,
  ENV_TABLE_END,
  ENV_TABLE_START,
  renderEnvExample,
  renderEnvTable,
  renderTargetsTable,
  TARGETS_TABLE_END,
  TARGETS_TABLE_START,
} from '../../scripts/lib/env-docs'

/** The README's text from `start` to `end`, both markers included. */
function readmeBlock(start: string, end: string): string {
  const readme = readFileSync('README.md', 'utf8')
  return readme.slice(readme.indexOf(start), readme.indexOf(end) + end.length)
}

/** The README's table and .env.example say what the schema says (issue 43: one source); `npm run docs:env` mends them. */
describe('the documentation of the environment', () => {
  it('the README holds the table the schema makes', () => {
    expect(readmeBlock(ENV_TABLE_START, ENV_TABLE_END), 'run npm run docs:env').toBe(renderEnvTable())
  })

  it('.env.example is the one the schema makes', () => {
    expect(readFileSync('.env.example', 'utf8'), 'run npm run docs:env').toBe(renderEnvExample())
  })

  it('lists every variable the server reads, once, with a row and a line to uncomment', () => {
    const serverNames = Object.keys(envShape)
    const names = documentedNames()
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(expect.arrayContaining(serverNames))
    const table = renderEnvTable()
    const example = renderEnvExample()
    for (const name of names) {
      expect(table).toContain(`| \`${name}\` |`)
      expect(example).toMatch(new RegExp(`^# ${name}=`, 'm'))
    }
  })

  it('a default written in the table is the one the server applies', () => {
    const env = envSchema.parse({})
    const table = renderEnvTable()
    for (const [name, value] of [
      ['PORT', 3000],
      ['DATA_DIR', '.data'],
      ['DELIVERY_TIMEOUT_MS', 10_000],
      ['PAGE_CACHE_MAX_MB', 32],
      ['CONTENT_CACHE_TTL_SECONDS', 60],
    ] as const) {
      expect(env[name]).toBe(value)
      expect(table).toMatch(new RegExp(`\\| \`${name}\` \\| \`${value}\` \\|`))
    }
  })
})

/** The README's table of delivery targets says what the one list says (ADR 054); `npm run docs:env` mends it. */
describe('the documentation of the delivery targets', () => {
  it('the README holds the table the list makes', () => {
    expect(readmeBlock(TARGETS_TABLE_START, TARGETS_TABLE_END), 'run npm run docs:env').toBe(renderTargetsTable())
  })

  it('lists every target of the list once, with its label and the variables that configure it, each one of the env schema', () => {
    const targets = documentedTargets()
    const names = targets.map((target) => target.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual(
      expect.arrayContaining(['lead_webhook', 'ga4', 'meta', 'sales_email', 'rdstation', 'hubspot', 'pipedrive', 'cache_purge', 'fastly', 'cloudflare']),
    )
    const table = renderTargetsTable()
    const known = new Set(documentedNames())
    for (const { name, label, variables } of targets) {
      expect(table).toContain(`| \`${name}\` | ${label} |`)
      expect(variables.length, name).toBeGreaterThan(0)
      for (const variable of variables) expect(known.has(variable), `${name}: ${variable} is not in the env schema`).toBe(true)
    }
  })
})
