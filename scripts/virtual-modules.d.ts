/** Remix's server build, as the Vite plugin resolves it (scripts/server.ts imports it to be bundled with it). */
declare module 'virtual:remix/server-build' {
  export * from '@remix-run/dev/server-build'
}
