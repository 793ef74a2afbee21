import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from '@playwright/test'
import { freePort } from '../../../scripts/lib/bench-support'
import { expectServing } from './servers'

/** Debian's nginx (`nginx-light`), which .ci/run and `npm test` install. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

/** The example in the README, which this runs as it is (docs/cdn/nginx-site.conf). */
const SITE_CONFIG = 'docs/cdn/nginx-site.conf'

/**
 * nginx with `proxy_cache` in front of `upstream`, from the README's
 * example, in a folder of its own: a real shared cache, as a CDN would
 * be. Started as root, its workers drop to `nobody`, so the cache and
 * temp folders are open to them.
 */
export async function startSharedCache(upstream: string): Promise<{ base: string; stop: () => Promise<void> }> {
  expect(existsSync(NGINX), `nginx at ${NGINX} (apt-get install -y nginx-light, or set NGINX_PATH)`).toBe(true)
  const port = await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-nginx-'))
  chmodSync(dir, 0o755)
  const errorLog = path.join(dir, 'error.log')
  for (const folder of ['cache', 'temp']) {
    mkdirSync(path.join(dir, folder))
    chmodSync(path.join(dir, folder), 0o777)
  }
  const site = readFileSync(SITE_CONFIG, 'utf8')
    .replaceAll('listen 8080;', `listen 127.0.0.1:${port};`)
    .replaceAll('http://127.0.0.1:3000', upstream)
    .replaceAll('/var/cache/nginx/alavanca', path.join(dir, 'cache'))
  expect(site, 'the example names its port, upstream and cache folder').toContain(path.join(dir, 'cache'))
  writeFileSync(path.join(dir, 'site.conf'), site)
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
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
  await expectServing({
    base,
    stop,
    timeoutMs: 15_000,
    what: () => `nginx in front of ${upstream} started:\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`,
  })
  return { base, stop }
}
