/**
 * One instance of the site's webhook work in a process of its own, for the webhook kill -9 and
 * multi-instance tests (app/domain/webhooks/webhook-kill.server.test.ts, webhook-instances.pg.test.ts).
 * Opens the database the way the server does (DATA_DIR's embedded database, or
 * QUEUE_DATABASE_URL on PostgreSQL) and runs the webhook jobs in a job registry; then:
 * - RECEIVER_URL set: adds an endpoint for article.published there and says `endpoint` with
 *   its secret;
 * - PUBLISH=n: publishes n articles, each in its own save, saying `published` after each commit;
 * - says `ready` once its jobs run; RUN_JOBS=0: runs no job (the instance to kill between the commits and the deliveries);
 * - says `done` and exits once no webhook event or delivery is waiting or in hand and, with
 *   EXPECT=n, n deliveries are delivered (instances started before anything was published).
 */
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { profiles, webhookDeliveries } from '@db/schema/index'
import { createArticle } from '~/domain/articles/articles.server'
import { articleFormSchema } from '~/domain/articles/articles-schema'
import { webhookDeliveryJob, webhookNoticesJob } from '~/domain/webhooks/webhook-delivery.server'
import { createWebhookEndpoint } from '~/domain/webhooks/webhook-endpoints.server'
import { webhookEventsJob } from '~/domain/webhooks/webhook-events.server'
import { getDb } from '~/infra/db.server'
import { queueCounts } from '~/infra/jobs/job-queue.server'
import { JobRegistry } from '~/infra/jobs/registry.server'
import { WEBHOOK_EVENTS_JOB } from '~/infra/webhook-outbox.server'
import { WEBHOOK_DELIVERY_JOB } from '~/domain/webhooks/webhook-jobs'
import { openConfiguredDatabase } from '../../server/startup'

async function deliveredCount() {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'delivered'))
  return Number(row?.n ?? 0)
}

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)

if (process.env.QUEUE_DATABASE_URL) process.env.DATABASE_URL = process.env.QUEUE_DATABASE_URL
const opened = await openConfiguredDatabase('webhook-child')

const registry = new JobRegistry().declare([
  webhookEventsJob,
  webhookDeliveryJob(),
  webhookNoticesJob,
])
if (process.env.RUN_JOBS !== '0')
  await registry.start({ databaseUrl: process.env.QUEUE_DATABASE_URL })
say({ event: 'ready' })

if (process.env.RECEIVER_URL) {
  const { secret } = await createWebhookEndpoint({
    url: process.env.RECEIVER_URL,
    events: ['article.published'],
    createdBy: null,
  })
  say({ event: 'endpoint', secret })
}

const toPublish = Number(process.env.PUBLISH ?? 0)
if (toPublish > 0) {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({
      id,
      email: `desk-${id}@example.com`,
      username: `desk-${id.slice(0, 8)}`,
      role: 'editor',
    })
  const editor = { id, role: 'editor' as const }
  for (let n = 0; n < toPublish; n++) {
    const input = articleFormSchema.parse({
      title: `Story ${n} ${id.slice(0, 6)}`,
      content: `<p>Story ${n}</p>`,
      status: 'published',
    })
    const saved = await createArticle(input, editor)
    say({ event: 'published', article: saved.id })
  }
}

for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 200))
  const [events, deliveries] = await Promise.all([
    queueCounts(WEBHOOK_EVENTS_JOB),
    queueCounts(WEBHOOK_DELIVERY_JOB),
  ])
  if (events.depth > 0 || deliveries.depth > 0) continue
  if ((await deliveredCount()) >= Number(process.env.EXPECT ?? 0)) break
}
await registry.stop()
say({ event: 'done' })
await opened.close()
process.exit(0)
