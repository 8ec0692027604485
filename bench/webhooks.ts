/**
 * Webhook delivery latency (results: docs/performance.md, "Webhooks").
 *
 *   npm run bench:webhooks
 *   BENCH_WEBHOOK_ARTICLES=100 npm run bench:webhooks
 *
 * An embedded database in a temp folder, the webhook jobs in a job registry as the server runs
 * them (webhook-events, webhook-delivery: each looks every 0.5 s when idle), one endpoint for
 * `article.published` on a receiver on 127.0.0.1 (port 6210) that verifies each request with
 * the `standardwebhooks` package. Measures, per article, from the save's return (its commit
 * and the after-commit announcement) to the verified request at the receiver:
 * 1. one at a time (the next published once the last arrived), and
 * 2. a burst (all published back to back).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startWebhookReceiver } from '../tests/setup/webhook-receiver'
import { describeMachine, loadAverage, markdownTable } from './machine'
import { wholeNumber } from './support/settings'

const N = wholeNumber('BENCH_WEBHOOK_ARTICLES', 40)

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-webhook-bench-'))
process.env.DATA_DIR = dataDir
process.env.SITE_URL ??= 'http://localhost:3000'
process.env.BETTER_AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
process.env.WEBHOOK_ALLOW_PRIVATE = 'true'
process.env.LOG_LEVEL ??= 'warn'
const { openConfiguredDatabase } = await import('../server/startup')
const { getDb } = await import('~/infra/db.server')
const { profiles } = await import('@db/schema/index')
const { createArticle } = await import('~/domain/articles/articles.server')
const { articleFormSchema } = await import('~/domain/articles/articles-schema')
const { JobRegistry } = await import('~/infra/jobs/registry.server')
const { webhookDeliveryJob, webhookNoticesJob } =
  await import('~/domain/webhooks/webhook-delivery.server')
const { webhookEventsJob } = await import('~/domain/webhooks/webhook-events.server')
const { createWebhookEndpoint } = await import('~/domain/webhooks/webhook-endpoints.server')

const opened = await openConfiguredDatabase('webhook-bench')
const receiver = await startWebhookReceiver(6210)
const { secret } = await createWebhookEndpoint({
  url: receiver.url,
  events: ['article.published'],
  createdBy: null,
})
receiver.secret = secret
const registry = new JobRegistry().declare([
  webhookEventsJob,
  webhookDeliveryJob(),
  webhookNoticesJob,
])
await registry.start({})

const editorId = crypto.randomUUID()
await getDb()
  .insert(profiles)
  .values({ id: editorId, email: 'bench@example.com', username: 'bench', role: 'editor' })
const editor = { id: editorId, role: 'editor' as const }

const committedAt = new Map<number, number>()
async function publish(n: number) {
  const input = articleFormSchema.parse({
    title: `Bench story ${n}`,
    content: `<p>Story ${n}</p>`,
    status: 'published',
  })
  const saved = await createArticle(input, editor)
  committedAt.set(saved.id, performance.now())
}

/** Latencies (ms) of the requests received from index `from` on. */
function latencies(from: number) {
  return receiver.received.slice(from).map((r) => {
    const id = (r.body.data.article as { id: number }).id
    // The receiver stamps Date.now(); the saves performance.now(): both read here as one clock.
    return r.at - (performance.timeOrigin + committedAt.get(id)!)
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const rows: string[][] = []
const load: string[] = [loadAverage()]
// Warm-up: the first publication pays for module loading and the first queries.
await publish(-1)
await receiver.waitFor(1)
const start = receiver.received.length
for (let n = 0; n < N; n++) {
  await publish(n)
  await receiver.waitFor(start + n + 1)
}
const oneAtATime = latencies(start)
load.push(loadAverage())
const burstStart = receiver.received.length
for (let n = 0; n < N; n++) await publish(N + n)
await receiver.waitFor(burstStart + N, 120_000)
const burst = latencies(burstStart)
load.push(loadAverage())

for (const [name, values] of [
  ['one at a time', oneAtATime],
  [`burst of ${N}`, burst],
] as const) {
  rows.push([
    name,
    String(values.length),
    percentile(values, 50).toFixed(0),
    percentile(values, 99).toFixed(0),
    Math.max(...values).toFixed(0),
  ])
}
const unverified = receiver.received.filter((r) => !r.verified).length

console.log(JSON.stringify(describeMachine()))
console.log(`load average before / after one at a time / after the burst: ${load.join(' / ')}`)
console.log(`requests not verified: ${unverified}`)
console.log(markdownTable(['publications', 'n', 'p50 ms', 'p99 ms', 'max ms'], rows))

await registry.stop()
await receiver.close()
await opened.close()
fs.rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
