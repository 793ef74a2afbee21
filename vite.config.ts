import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import remixConfig from './remix.config.js'
import { seedSiteSettings } from './scripts/lib/seed-site-settings-plugin'
import { zodJitlessInBrowser } from './scripts/lib/zod-jitless-plugin'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  plugins: [tailwindcss(), seedSiteSettings(), zodJitlessInBrowser(), remix(remixConfig), tsconfigPaths()],
  server: { port: Number(process.env.PORT ?? 3000) },
  build: { target: 'es2022' },
})
