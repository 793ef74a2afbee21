/**
 * `npm run drill:cluster`: three instances of the built server on one
 * PostgreSQL behind nginx, with crashes, a PostgreSQL restart and a publish
 * during a run of leads (scripts/bench/lib/cluster-drill.ts). Writes
 * docs/bench-cluster.md with the figures and the commit it measured, and
 * exits 1 when a target is missed.
 *
 *   npm run build && npm run drill:cluster
 *   npm run drill:cluster -- --duration 60 --clients 32 --instances 3 --no-write
 *   npm run drill:cluster -- --tarpit-rate 0 --no-write     # the slow targets' baseline: SMTP and HubSpot answer at once
 *
 * PostgreSQL: a throwaway cluster of its own (Debian's binaries); or
 * `--database-url postgres://…` with `--postgres-restart "<command>"`.
 */
import { execSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { createScratchDatabase } from '../../tests/support/databases'
import { builtServer } from '../lib/bench-support'
import { runClusterDrill } from './lib/cluster-drill'
import { startThrowawayPostgres, type ThrowawayPostgres } from './lib/throwaway-postgres'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    clients: { type: 'string', default: '32' },
    instances: { type: 'string', default: '3' },
    'failure-rate': { type: 'string', default: '0.3' },
    'postgres-down': { type: 'string', default: '3' },
    'drain-stall': { type: 'string', default: '60' },
    'drain-timeout': { type: 'string', default: '600' },
    // Share of e-mails held in the SMTP tarpit and of HubSpot requests left hanging (0: none).
    'tarpit-rate': { type: 'string', default: '0.3' },
    'max-leads': { type: 'string' },
    'build-dir': { type: 'string', default: process.env.REMIX_BUILD_DIR ?? 'build' },
    'database-url': { type: 'string' },
    'postgres-restart': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (args.help) {
  console.log(
    [
      'npm run drill:cluster -- [options]   (after npm run build)',
      '  --duration <s>          how long the clients send leads (60)',
      '  --clients <n>           clients sending at once (32)',
      '  --instances <n>         instances behind nginx (3)',
      '  --failure-rate <0-1>    share of lead webhooks answered 500 (0.3)',
      '  --postgres-down <s>     how long PostgreSQL stays down in its restart (3)',
      '  --drain-stall <s>       the drain at the end fails when no pending delivery went out for this long (60)',
      '  --drain-timeout <s>     the longest the drain at the end may take in all (600)',
      '  --tarpit-rate <0-1>     share of e-mails in the SMTP tarpit and of HubSpot requests left hanging (0.3; 0: none)',
      '  --max-leads <n>         the clients stop after sending this many leads (no limit)',
      '  --build-dir <dir>       the production build to run (build, or REMIX_BUILD_DIR)',
      '  --database-url <url>    a PostgreSQL of your own (with --postgres-restart "<command>")',
      '  --no-write              print the figures, do not write docs/bench-cluster.md',
    ].join('\n'),
  )
  process.exit(0)
}

const buildDir = args['build-dir'] ?? 'build'
if (!existsSync(builtServer(buildDir))) {
  console.error(`No production build in ${buildDir}: run "npm run build" first.`)
  process.exit(1)
}

/** A database of its own in a server the caller names, restarted by the caller's command. */
async function givenPostgres(url: string, restartCommand: string | undefined): Promise<ThrowawayPostgres> {
  if (!restartCommand) throw new Error('--database-url needs --postgres-restart "<a command that restarts that server>"')
  const scratch = await createScratchDatabase(url, 'drill_cluster')
  return { url: scratch.url, restart: async () => void execSync(restartCommand, { stdio: 'ignore' }), stop: scratch.drop }
}

const database = args['database-url'] ? await givenPostgres(args['database-url'], args['postgres-restart']) : await startThrowawayPostgres()
const options = {
  buildDir,
  instances: Number(args.instances),
  clients: Number(args.clients),
  durationMs: Number(args.duration) * 1000,
  failureRate: Number(args['failure-rate']),
  crashEveryMs: [5_000, 10_000] as [number, number],
  postgresDownMs: Number(args['postgres-down']) * 1000,
  drainStallMs: Number(args['drain-stall']) * 1000,
  drainTimeoutMs: Number(args['drain-timeout']) * 1000,
  postgres: database,
  tarpitRate: Number(args['tarpit-rate']),
  maxLeads: args['max-leads'] === undefined ? undefined : Number(args['max-leads']),
}
console.log(
  `drill:cluster — ${options.instances} instances, ${options.clients} clients, ${args.duration} s, receiver failing ${Math.round(options.failureRate * 100)}%`,
)
let report
try {
  report = await runClusterDrill(options)
} finally {
  await database.stop()
}
for (const [label, value] of report.figures) console.log(`  ${label.padEnd(22)} ${value}`)
for (const resend of report.resends) console.log(`  e-mail sent again: ${resend}`)
if (!report.ok) console.error(`FAILED: ${report.problems.join('; ')}`)
else console.log('OK: no acknowledged lead lost or stored twice, one webhook id per lead, every instance on the new content within 5 s, its tag purged.')

if (!args['no-write']) {
  const commit = execSync('git rev-parse --short HEAD').toString().trim()
  const dirty = execSync('git status --porcelain -- app db scripts').toString().trim() !== ''
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  writeFileSync(
    'docs/bench-cluster.md',
    [
      '# The cluster drill (`npm run drill:cluster`)',
      '',
      'Three instances of the built server on one PostgreSQL behind nginx (`docs/cdn/nginx-site.conf`), the lead',
      'webhook receiver failing 30% of the time, clients sending contact leads through nginx; a random instance is',
      'SIGKILLed or SIGTERMed every 5-10 s and started again, PostgreSQL is restarted once, and a publish is sent',
      '(scripts/bench/lib/cluster-drill.ts, ADR 042). Targets: 0 acknowledged leads lost, 0 stored twice, 0 deliveries of',
      'one lead under two ids, every instance on the new content within 5 s, the changed document’s tag purged.',
      '',
      `Measured on commit \`${commit}\`${dirty ? ' (with uncommitted changes)' : ''}, ${new Date().toISOString().slice(0, 10)}, ${machine}.`,
      `Result: **${report.ok ? 'all targets met' : `FAILED — ${report.problems.join('; ')}`}**.`,
      '',
      '| | |',
      '|---|---|',
      ...report.figures.map(([label, value]) => `| ${label} | ${value.replaceAll('|', '\\|')} |`),
      '',
    ].join('\n'),
  )
  console.log('docs/bench-cluster.md written.')
}
process.exit(report.ok ? 0 : 1)
