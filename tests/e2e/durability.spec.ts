import { expect, test } from '@playwright/test'
import { runDurability } from '../../bench/security/durability'

// Issue 13, durability, the reduced form of bench/security/durability.ts (the full one: 1,000
// saves, five kills, five kills during a 50 MB upload; figures in docs/security.md). A server
// of its own from the same build, on its own port and data folder, killed with SIGKILL: once
// during ~100 acknowledged article saves and views, twice during an 8 MB edition upload.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20

test('kill -9 loses no acknowledged save, no flushed view, and leaves no upload behind', async () => {
  test.setTimeout(180_000)
  const report = await runDurability({
    port: PORT,
    buildDir: process.env.BUILD_DIR,
    seed: false,
    writes: 100,
    kills: 1,
    uploadKills: 2,
    uploadMb: 8,
  })
  expect(report.kills).toBe(1)
  expect(report.acknowledgedSaves).toBeGreaterThanOrEqual(100)
  expect(report.lostSaves).toBe(0)
  expect(report.views[0].sent).toBeGreaterThan(0)
  expect(report.viewBoundBroken).toBe(0)
  expect(report.uploadKills).toHaveLength(2)
  expect(report.uploadKills.flatMap((kill) => kill.leftovers)).toEqual([])
})
