import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '~/infra/db.server'
import { prepareDataDir, spawnScript } from '../../../tests/setup/child-process'
import { killHalfWay, queueOutcome } from '../../../tests/setup/queue-kill'

/*
 * kill -9 with queued work on the embedded database: a process queues entries and runs them,
 * is killed half way, and the next start on the same data folder runs the rest. Every entry is
 * done, its work stored exactly once, the ones in hand at the kill on their second attempt.
 */

const ENTRIES = 150
let dataDir = ''

beforeAll(async () => {
  dataDir = await prepareDataDir('broadsheet-queue-kill-')
})
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the job queue killed with SIGKILL half way, on the embedded database', () => {
  it('is finished by the next start: nothing lost, nothing stored twice', async () => {
    const first = spawnScript('tests/setup/queue-child.ts', {
      DATA_DIR: dataDir,
      ENQUEUE: String(ENTRIES),
    })
    const ranAtKill = await killHalfWay(first, ENTRIES)
    expect(ranAtKill).toBeLessThan(ENTRIES)

    const second = spawnScript('tests/setup/queue-child.ts', { DATA_DIR: dataDir })
    expect(await second.exited, second.stderr()).toBe(0)

    const handle = await openPglite(path.join(dataDir, 'db'))
    try {
      const outcome = await queueOutcome(handle.db)
      expect(outcome.entries).toBe(ENTRIES)
      expect(outcome.notDone).toEqual([])
      expect(outcome.stored).toBe(ENTRIES)
      expect(outcome.storedTwice).toEqual([])
      // The entries in hand at the kill ran again: a second attempt, never a third.
      expect(outcome.maxAttempts).toBeLessThanOrEqual(2)
    } finally {
      await handle.close()
    }
  }, 120_000)
})
