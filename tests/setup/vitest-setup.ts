import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
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

let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined

beforeAll(async () => {
  setStorage(createDiskStorage(path.join(dataDir, 'storage')))
  database = await openTestDatabase()
})

afterAll(async () => {
  await database?.destroy()
  setStorage(undefined)
  fs.rmSync(dataDir, { recursive: true, force: true })
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
