import { startNginx } from '../../../scripts/lib/nginx'

/**
 * nginx with `proxy_cache` in front of `upstream`, from the README's
 * example (docs/cdn/nginx-site.conf, run by scripts/lib/nginx.ts): a real
 * shared cache, as a CDN would be.
 */
export async function startSharedCache(upstream: string): Promise<{ base: string; stop: () => Promise<void> }> {
  return startNginx([upstream])
}
