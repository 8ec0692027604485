import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { viewCounter } from '../../app/domain/articles/view-counter.server'
import { flushRedirectHits } from '../../app/domain/redirects/redirects.server'
import { EVERYTHING, announceChanged } from '../../app/infra/cache-keys.server'
import { resetEnvCache } from '../../app/infra/env.server'
import { createDiskStorage, setStorage } from '../../app/infra/storage.server'
import { openTestDatabase } from './test-database'

// Each test file gets its own database, data folder and file storage.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-test-'))
process.env.DATA_DIR = dataDir
process.env.NODE_ENV = 'test'
process.env.BETTER_AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789'
process.env.SITE_URL ??= 'http://localhost:3000'
resetEnvCache()
const environmentAtStart = { ...process.env }

let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined

beforeAll(async () => {
  setStorage(createDiskStorage(path.join(dataDir, 'storage')))
  database = await openTestDatabase()
  // A worker runs many files in one process (vitest.config.ts, isolate: false): what a cache
  // holds came from the previous file's database.
  announceChanged([EVERYTHING])
})

afterAll(async () => {
  // Nothing runs in the background here: edition reads and other queued work wait in the
  // file's own job queue until a test drains it (drainQueue), and go with its database.
  // Counts kept in memory for a later write go to this file's database, not the next one's.
  await flushRedirectHits()
  await viewCounter.flush()
  await database?.destroy()
  setStorage(undefined)
  fs.rmSync(dataDir, { recursive: true, force: true })
  // Nor do its clock, its spies or its settings.
  vi.useRealTimers()
  vi.restoreAllMocks()
  for (const name of Object.keys(process.env)) {
    if (!(name in environmentAtStart)) delete process.env[name]
  }
  Object.assign(process.env, environmentAtStart)
  resetEnvCache()
})

// An unexpected console.error is a failure, not noise.
let consoleError: ReturnType<typeof vi.spyOn> | undefined
beforeAll(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})
afterEach(() => consoleError?.mockClear())
afterAll(() => consoleError?.mockRestore())
