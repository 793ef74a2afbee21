/**
 * The README's table of environment variables and `.env.example`, made from
 * the schema's own documentation (`documented`, app/utils/env/fields.ts),
 * and its table of delivery targets, made from the one list of targets
 * (app/server/delivery-targets.server.ts): one source each. `npm run
 * docs:env` writes them; a unit test fails while any differs from its source
 * (tests/unit/env-docs.test.ts).
 */
import type { z } from 'zod'
import type { AnyDeliveryTarget } from '~/delivery/target'
import { deliveryTargetsFromEnv } from '~/server/delivery-targets.server'
import { analyticsEnvShape } from '~/utils/env/analytics.server'
import { calendarEnvShape } from '~/utils/env/booking.server'
import { cdnEnvShape } from '~/utils/env/cdn.server'
import { contentEnvShape } from '~/utils/env/content.server'
import { envDocs, type EnvDoc } from '~/utils/env/fields'
import { crmEnvShape, leadsEnvShape } from '~/utils/env/leads.server'
import { scriptsEnvShape } from '~/utils/env/scripts'
import { envShape, parseEnv, serverEnvShape } from '~/utils/env.server'

/** The variables by part, in the server schema's order, then the commands'. */
export const envSections: ReadonlyArray<readonly [title: string, shape: Record<string, z.ZodType>]> = [
  ['Server', serverEnvShape],
  ['Leads and their delivery', leadsEnvShape],
  ['CRMs (ADR 046)', crmEnvShape],
  ['Content (Sanity)', contentEnvShape],
  ['Measurement (ADR 031)', analyticsEnvShape],
  ['CDN purges on publish (ADR 042)', cdnEnvShape],
  ['The strategy session’s calendar (ADR 055)', calendarEnvShape],
  ['Build and content commands', scriptsEnvShape],
]

/** Every variable the server reads, and the commands' own. */
export const documentedNames = () => [...Object.keys(envShape), ...Object.keys(scriptsEnvShape)]

function docOf(name: string, schema: z.ZodType): EnvDoc {
  const doc = envDocs.get(schema)
  if (!doc) throw new Error(`${name} has no documentation: wrap its rule in optional(), withDefault() or documented() (app/utils/env/fields.ts)`)
  return doc
}

const variables = () => envSections.flatMap(([section, shape]) => Object.entries(shape).map(([name, schema]) => ({ section, name, doc: docOf(name, schema) })))

export const ENV_TABLE_START = '<!-- env:start — npm run docs:env writes this table from the schema (app/utils/env.server.ts) -->'
export const ENV_TABLE_END = '<!-- env:end -->'

/** The README's table, between its markers. */
export function renderEnvTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|')
  const rows = variables().map(({ name, doc }) => `| \`${name}\` | ${cell(doc.default ?? '—')} | ${cell(doc.purpose)} |`)
  return [ENV_TABLE_START, '', '| Variable | Default | Purpose |', '|---|---|---|', ...rows, '', ENV_TABLE_END].join('\n')
}

/** The README with the block between `startMarker` and `endMarker` replaced by `table`; throws when the markers are missing. */
function withBlock(readme: string, table: string, startMarker: string, endMarker: string): string {
  const start = readme.indexOf(startMarker)
  const end = readme.indexOf(endMarker)
  if (start < 0 || end < start) throw new Error(`README.md has no ${startMarker} … ${endMarker} markers`)
  return readme.slice(0, start) + table + readme.slice(end + endMarker.length)
}

/** The README with its table of variables replaced by `table`. */
export const withEnvTable = (readme: string, table: string) => withBlock(readme, table, ENV_TABLE_START, ENV_TABLE_END)

export const TARGETS_TABLE_START = '<!-- targets:start — npm run docs:env writes this table from the list (app/server/delivery-targets.server.ts) -->'
export const TARGETS_TABLE_END = '<!-- targets:end -->'

/** Every target of the one list, as a server with no variables set has it (each there, configured or not). */
export const documentedTargets = (): readonly AnyDeliveryTarget[] => deliveryTargetsFromEnv(parseEnv({ DATA_DIR: 'memory://' }))

/** The README's table of delivery targets ("Destinos de entrega"), between its markers. */
export function renderTargetsTable(targets: readonly AnyDeliveryTarget[] = documentedTargets()): string {
  const rows = targets.map(({ name, label, variables }) => `| \`${name}\` | ${label} | ${variables.map((variable) => `\`${variable}\``).join(', ')} |`)
  return [TARGETS_TABLE_START, '', '| Target | Label (admin) | Variables |', '|---|---|---|', ...rows, '', TARGETS_TABLE_END].join('\n')
}

/** The README with its table of delivery targets replaced by `table`. */
export const withTargetsTable = (readme: string, table: string) => withBlock(readme, table, TARGETS_TABLE_START, TARGETS_TABLE_END)

/** Plain text for a comment: the Markdown's emphasis dropped, wrapped at 80 columns after "# ". */
function comment(text: string): string[] {
  const words = text.replaceAll('**', '').replaceAll('*', '').split(/\s+/)
  const lines: string[] = []
  let line = '#'
  for (const word of words) {
    if (line.length + 1 + word.length > 80 && line !== '#') [lines[lines.length], line] = [line, '#']
    line += ` ${word}`
  }
  return [...lines, line]
}

/** `.env.example`: every variable commented out, with what it does and a value to start from. */
export function renderEnvExample(): string {
  const out = [
    '# Environment of the site. Every variable is optional: with none set, `npm run dev`',
    '# runs at http://localhost:3000 with no accounts and no network.',
    '# To use this file: `cp .env.example .env` and uncomment what you change.',
    '# The server reads .env when it exists; variables already set in the shell win.',
    '# The server checks every value at startup (app/utils/env.server.ts) and stops',
    '# with a message naming any bad variable.',
    '# Made by `npm run docs:env` from that schema: change the schema, then run it.',
  ]
  let section = ''
  for (const variable of variables()) {
    if (variable.section !== section) {
      section = variable.section
      out.push('', `# --- ${section} ${'-'.repeat(Math.max(3, 74 - section.length))}`)
    }
    out.push('')
    const { doc, name } = variable
    out.push(...comment(doc.purpose))
    const example = doc.example ?? ''
    if (doc.default && doc.default !== 'unset' && doc.default !== `\`${example}\``) out.push(...comment(`Default: ${doc.default}.`))
    out.push(`# ${name}=${example}`)
  }
  return `${out.join('\n')}\n`
}
