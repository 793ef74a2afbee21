import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import { seedSiteSettings } from './scripts/lib/seed-site-settings-plugin'

export default defineConfig({
  plugins: [seedSiteSettings(), tsconfigPaths()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'studio/**/*.test.ts'],
    environment: 'node',
    // Integration tests share one database per file; keep files isolated in their own workers.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    // A console.error during a test fails it, unless the test allows it (tests/support/console-guard.ts).
    setupFiles: ['tests/support/console-guard.ts'],
  },
})
