import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDataDir, spawnScript } from '../../../tests/setup/child-process'
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/setup/webhook-receiver'

/*
 * kill -9 between the commits and the deliveries, on the embedded database: a process
 * publishes articles (each event queued in its save's transaction) while running no job, and
 * is killed. The next start on the same data folder sends every event, once, signed.
 */

const ARTICLES = 12
let dataDir = ''
let receiver: WebhookReceiver

beforeAll(async () => {
  dataDir = await prepareDataDir('broadsheet-webhook-kill-')
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('webhooks killed with SIGKILL between commit and delivery', () => {
  it('are sent after the restart: every event, once, verified', async () => {
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' }
    const first = spawnScript('tests/setup/webhook-child.ts', {
      ...env,
      RECEIVER_URL: receiver.url,
      PUBLISH: String(ARTICLES),
      RUN_JOBS: '0',
    })
    receiver.secret = String((await first.next((e) => e.event === 'endpoint')).secret)
    const published: number[] = []
    for (let n = 0; n < ARTICLES; n++) {
      const event = await first.next(
        (e) => e.event === 'published' && !published.includes(Number(e.article)),
      )
      published.push(Number(event.article))
    }
    first.proc.kill('SIGKILL')
    expect(await first.exited).toBeNull()
    expect(receiver.received).toHaveLength(0)

    const second = spawnScript('tests/setup/webhook-child.ts', {
      ...env,
      EXPECT: String(ARTICLES),
    })
    expect(await second.exited, second.stderr()).toBe(0)
    const received = await receiver.waitFor(ARTICLES)
    expect(received).toHaveLength(ARTICLES)
    expect(received.every((r) => r.verified)).toBe(true)
    expect(new Set(received.map((r) => r.id)).size).toBe(ARTICLES)
    const articles = received.map((r) => (r.body.data.article as { id: number }).id)
    expect(articles.sort((a, b) => a - b)).toEqual(published.sort((a, b) => a - b))
  }, 120_000)
})
