import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDatabaseHandle, getDb } from '~/infra/db.server'
import { spawnScript } from '../../../tests/setup/child-process'
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/setup/webhook-receiver'

/*
 * Three instances of the webhook work on one PostgreSQL database: A adds an endpoint and
 * publishes articles while A, B and C all run the webhook jobs. Each event reaches the
 * receiver exactly once (SKIP LOCKED claims: no try runs on two instances), signed.
 */

const ARTICLES = 30
let receiver: WebhookReceiver

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

beforeAll(async () => {
  receiver = await startWebhookReceiver()
})
afterAll(() => receiver.close())

describe('webhooks on three instances sharing one PostgreSQL database', () => {
  it('deliver each event exactly once, verified, whichever instance sends it', async () => {
    const env = {
      QUEUE_DATABASE_URL: databaseUrl(),
      WEBHOOK_ALLOW_PRIVATE: 'true',
      EXPECT: String(ARTICLES),
    }
    // B and C look for work before A publishes anything.
    const others = [
      spawnScript('tests/setup/webhook-child.ts', env),
      spawnScript('tests/setup/webhook-child.ts', env),
    ]
    for (const other of others) await other.next((e) => e.event === 'ready')
    const a = spawnScript('tests/setup/webhook-child.ts', {
      ...env,
      RECEIVER_URL: receiver.url,
      PUBLISH: String(ARTICLES),
    })
    receiver.secret = String((await a.next((e) => e.event === 'endpoint')).secret)
    for (const child of [a, ...others]) expect(await child.exited, child.stderr()).toBe(0)

    const received = receiver.received
    expect(received).toHaveLength(ARTICLES)
    expect(received.every((r) => r.verified)).toBe(true)
    expect(new Set(received.map((r) => r.id)).size).toBe(ARTICLES)
    // One try each: no delivery was claimed twice, whichever instances took them (which ones
    // do depends on the machine's timing, so it is not asserted).
    const { rows } = (await getDb().execute(sql`
      select count(*)::int as tries from job_queue where job = 'webhook-delivery'`)) as unknown as {
      rows: { tries: number }[]
    }
    expect(rows[0]!.tries).toBe(ARTICLES)
  }, 120_000)
})
