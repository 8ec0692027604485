import { configDefaults, defineConfig } from 'vitest/config'
import LongFirstSequencer from './tests/setup/sequencer'

// Kept apart from vite.config.ts: the React Router plugin must not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
    ],
    // `*.pg.test.ts` need a PostgreSQL server of their own (LISTEN, advisory locks, replicas,
    // pg_terminate_backend): collected only in the PostgreSQL pass (TEST_DATABASE_URL).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']),
    ],
    setupFiles: ['tests/setup/vitest-setup.ts'],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its files one after the other in one process, importing the app once
    // rather than once per file: the PGlite pass in 429 s instead of 797 (docs/testing.md).
    // Each file still has a database as the template was (test-database.ts), its own data
    // folder and storage, caches emptied and environment restored (vitest-setup.ts).
    // VITEST_ISOLATE=1 gives each file a process (and a PGlite) of its own again, to tell
    // whether a failure comes from a file run before it.
    isolate: process.env.VITEST_ISOLATE === '1',
    maxWorkers: 2,
    // The longest files first (tests/setup/sequencer.ts), whether or not Vitest's cache knows
    // their times.
    sequence: { sequencer: LongFirstSequencer },
  },
})
