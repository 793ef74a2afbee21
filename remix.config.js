// Remix options, read by vite.config.ts and handed to the Remix Vite plugin.
// Keep this file ESM and free of Vite imports: it only describes the app.
// (Never run the classic `remix build`: it reads this file as an old config.)

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  // Tests and benches may build into their own folder (see playwright.config.ts).
  buildDirectory: process.env.REMIX_BUILD_DIR ?? 'build',
  ignoredRouteFiles: ['**/*.test.*', '**/*.server.test.*'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: false,
    // Avoids "Invalid hook call" on the first dev visit (two Reacts after late optimisation).
    unstable_optimizeDeps: true,
  },
}
