/**
 * Debian's nginx (`nginx-light`) in front of the site's instances, from the
 * README's example (docs/cdn/nginx-site.conf) as it is, in a folder of its
 * own: a real shared cache and load balancer, as in production. Used by the
 * shared-cache e2e test and the cluster drill. Started as root, its workers
 * drop to `nobody`, so the cache and temp folders are open to them.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, waitFor } from './bench-support'

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
export const SITE_CONFIG = 'docs/cdn/nginx-site.conf'
const EXAMPLE_INSTANCE = '  server 127.0.0.1:3000 max_fails=1 fail_timeout=5s;'

export type RunningNginx = { base: string; errorLog: string; stop: () => Promise<void> }

/** The example's text for these instances (`http://127.0.0.1:port` each), this port and cache folder. */
export function nginxSiteConfig({ instances, port, cacheDir }: { instances: string[]; port: number; cacheDir: string }): string {
  const example = readFileSync(SITE_CONFIG, 'utf8')
  if (!example.includes(EXAMPLE_INSTANCE) || !example.includes('listen 8080;') || !example.includes('/var/cache/nginx/alavanca')) {
    throw new Error(`${SITE_CONFIG} no longer names its instance, port or cache folder as scripts/lib/nginx.ts expects`)
  }
  const servers = instances.map((instance) => EXAMPLE_INSTANCE.replace('127.0.0.1:3000', new URL(instance).host)).join('\n')
  return example.replace(EXAMPLE_INSTANCE, servers).replaceAll('listen 8080;', `listen 127.0.0.1:${port};`).replaceAll('/var/cache/nginx/alavanca', cacheDir)
}

/** Starts nginx on `port` (default: a free one) in front of `instances`; resolves once it answers /healthz through them (within `timeoutMs`). */
export async function startNginx(instances: string[], options: { timeoutMs?: number; port?: number } = {}): Promise<RunningNginx> {
  const { timeoutMs = 15_000 } = options
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: apt-get install -y nginx-light, or set NGINX_PATH`)
  const port = options.port ?? (await freePort())
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'))
  chmodSync(dir, 0o755)
  const errorLog = path.join(dir, 'error.log')
  for (const folder of ['cache', 'temp']) {
    mkdirSync(path.join(dir, folder))
    chmodSync(path.join(dir, folder), 0o777)
  }
  writeFileSync(path.join(dir, 'site.conf'), nginxSiteConfig({ instances, port, cacheDir: path.join(dir, 'cache') }))
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  )
  const nginx = spawn(NGINX, ['-e', errorLog, '-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    nginx.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    rmSync(dir, { recursive: true, force: true })
  }
  if (!(await waitFor(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, timeoutMs))) {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''
    await stop()
    throw new Error(`nginx in front of ${instances.join(', ')} did not answer:\n${log}`)
  }
  return { base, errorLog, stop }
}
