import { expect, test } from '@playwright/test'
import { runDurability, withFreshPostgres } from '../../bench/security/durability'

// Issue 13, durability, the reduced form of bench/security/durability.ts (the full one: 1,000
// saves, five kills, five kills during a 50 MB upload; figures in docs/security.md). A server
// of its own from the same build, on its own port and data folder, killed with SIGKILL: once
// during ~100 acknowledged article saves and views, once during an 8 MB edition upload and
// once during a 10 MB image upload. On the embedded database, and on PostgreSQL too when
// TEST_DATABASE_URL names a server.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20

const REDUCED = { writes: 100, kills: 1, uploadKills: 1, uploadMb: 8, seed: false }

const databases: { name: string; run: () => ReturnType<typeof runDurability> }[] = [
  {
    name: 'embedded',
    run: () => runDurability({ ...REDUCED, port: PORT, buildDir: process.env.BUILD_DIR }),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL',
          run: () =>
            withFreshPostgres(process.env.TEST_DATABASE_URL!, (databaseUrl) =>
              runDurability({
                ...REDUCED,
                port: PORT + 1,
                buildDir: process.env.BUILD_DIR,
                databaseUrl,
              }),
            ),
        },
      ]
    : []),
]

for (const { name, run } of databases) {
  test(`${name}: kill -9 loses no acknowledged save, no flushed view, and leaves no upload behind`, async () => {
    test.setTimeout(180_000)
    const report = await run()
    expect(report.kills).toBe(1)
    expect(report.acknowledgedSaves).toBeGreaterThanOrEqual(100)
    expect(report.lostSaves).toBe(0)
    // Views from before the last flush interval were acknowledged too, so the bound is tested.
    expect(report.views[0].lastInterval).toBeLessThan(report.views[0].sent)
    expect(report.viewBoundBroken).toBe(0)
    expect(report.uploadKills).toHaveLength(2)
    expect(report.uploadKills.flatMap((kill) => kill.leftovers)).toEqual([])
  })
}
