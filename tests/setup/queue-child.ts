/**
 * One instance's job registry with one durable job, in a process of its own, for the kill -9
 * tests of the job queue (app/infra/jobs/job-queue-kill.server.test.ts and .pg.test.ts). Opens
 * the database the way the server does (DATA_DIR's embedded database and its lock, or
 * QUEUE_DATABASE_URL on PostgreSQL), then:
 * - ENQUEUE=n queues n entries of the job 'kill-test', ten per transaction, and says `queued`;
 * - runs the queue: each entry takes RUN_MS, then stores its entry id in `queue_kill_effects` in
 *   the transaction that marks it done (what "exactly once" is about), and says `ran`;
 * - says `done` and exits once no entry of the job is waiting or in hand.
 *
 *   DATA_DIR=… ENQUEUE=200 node --import tsx tests/setup/queue-child.ts
 */
import { sql } from 'drizzle-orm'
import { getDb } from '~/infra/db.server'
import { enqueue, queueCounts } from '~/infra/jobs/job-queue.server'
import { JobRegistry, type DurableJobDefinition } from '~/infra/jobs/registry.server'
import { openConfiguredDatabase } from '../../server/startup'

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)

if (process.env.QUEUE_DATABASE_URL) process.env.DATABASE_URL = process.env.QUEUE_DATABASE_URL
const opened = await openConfiguredDatabase('queue-child')
await getDb().execute(sql`create table if not exists queue_kill_effects (entry bigint not null)`)

const toQueue = Number(process.env.ENQUEUE ?? 0)
for (let n = 0; n < toQueue; n += 10) {
  await getDb().transaction(async (tx) => {
    for (let i = n; i < Math.min(n + 10, toQueue); i++) await enqueue(tx, 'kill-test', { i })
  })
}
if (toQueue > 0) say({ event: 'queued', entries: toQueue })

const runMs = Number(process.env.RUN_MS ?? 20)
const job: DurableJobDefinition = {
  name: 'kill-test',
  title: 'Kill test',
  trigger: { kind: 'queued', description: 'the test' },
  durable: true,
  singleInstance: false,
  timeLimitMs: 2000,
  leaseMarginMs: 500,
  pollMs: 100,
  concurrency: Number(process.env.CONCURRENCY ?? 2),
  retry: { attempts: 3, backoffMs: 100 },
  logLevel: 'debug',
  run: async (entry) => {
    await new Promise((resolve) => setTimeout(resolve, runMs))
    return {
      write: async (tx) => {
        await tx.execute(sql`insert into queue_kill_effects (entry) values (${entry.id})`)
        say({ event: 'ran', entry: entry.id })
      },
    }
  },
}
const registry = new JobRegistry().declare([job])
// On PostgreSQL a killed instance's entries wait out their lease; on the embedded database the
// registry queues again, at start, what the killed process held.
await registry.start({ databaseUrl: process.env.QUEUE_DATABASE_URL })
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 200))
  if ((await queueCounts('kill-test')).depth === 0) break
}
await registry.stop()
say({ event: 'done' })
await opened.close()
process.exit(0)
