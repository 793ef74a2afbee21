/**
 * Vite config of the bare Remix reference app that `npm run bench:pages`
 * measures our pages against. Built from the project's root (Remix reads the
 * root package.json and node_modules) with
 * `remix vite:build --config scripts/bench/reference/vite.config.ts` into its
 * own git-ignored build/; the same future flags as the main app
 * (remix.config.js), no Tailwind, none of the site's public files.
 */
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import remixConfig from '../../../remix.config.js'

export default defineConfig({
  publicDir: false,
  plugins: [
    remix({
      appDirectory: 'scripts/bench/reference/app',
      buildDirectory: 'scripts/bench/reference/build',
      future: remixConfig.future,
    }),
  ],
  build: { target: 'es2022' },
})
