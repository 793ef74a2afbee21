import type { Plugin } from 'vite'

/** The line of zod's core that creates its global configuration (zod 4). */
export const ZOD_CONFIG_LINE = '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});'

/**
 * zod 4 probes `new Function('')` when it builds an object schema, to compile
 * a faster parser. The page's CSP forbids eval, so in the browser the probe
 * fails quietly but is reported as a CSP violation (a DevTools issue, which
 * costs Lighthouse's best-practices score on every page with a form). The
 * browser build starts zod with `jitless: true`, zod's own switch for this
 * (`z.config`), set where zod creates its configuration, before any schema
 * exists; the server keeps the compiled parsers. Fails the build if zod's
 * line changes, so the switch can never silently stop applying.
 */
export function zodJitlessInBrowser(): Plugin {
  return {
    name: 'zod-jitless-in-browser',
    transform(code, id, options) {
      if (options?.ssr || !id.replaceAll('\\', '/').endsWith('/node_modules/zod/v4/core/core.js')) return undefined
      return { code: jitlessZodCore(code), map: null }
    },
  }
}

/** zod's core module with its global configuration created jitless. */
export function jitlessZodCore(code: string): string {
  if (!code.includes(ZOD_CONFIG_LINE)) throw new Error('zod-jitless-in-browser: zod/v4/core/core.js no longer creates its configuration as expected')
  return code.replace(ZOD_CONFIG_LINE, '(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = { jitless: true });')
}
