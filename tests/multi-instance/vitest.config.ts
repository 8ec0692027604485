import path from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * Several production instances on one PostgreSQL and one S3-compatible server: its own run,
 * after `npm run build` and only with TEST_DATABASE_URL (scripts/test.sh), since it starts
 * build/server/main.js. The main config does not collect these files.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/multi-instance/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
  },
})
