import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import remixConfig from './remix.config.js'
import { seedSiteSettings } from './scripts/lib/seed-site-settings-plugin'
import { serverEntry } from './scripts/lib/server-entry'
import { shellChunk } from './scripts/lib/shell-chunk'
import { zodJitlessInBrowser } from './scripts/lib/zod-jitless-plugin'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), seedSiteSettings(), zodJitlessInBrowser(), remix(remixConfig), tsconfigPaths(), serverEntry()],
  server: { port: Number(process.env.PORT ?? 3000) },
  build: {
    target: 'es2022',
    // One chunk for what the root route brings to every page (scripts/lib/shell-chunk.ts); the server build has no use for it.
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk } },
  },
}))
