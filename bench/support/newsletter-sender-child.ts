/**
 * One instance's newsletter sender in a process of its own, for the kill -9 test and the
 * newsletter bench: opens the embedded database in DATA_DIR, optionally starts the send of
 * ISSUE_ID (START=1), and sends until the issue is finished. Prints JSON lines: `started`
 * (with the ms the start took), `rss` samples, `done`.
 *
 *   DATA_DIR=… SMTP_URL=smtp://127.0.0.1:port ISSUE_ID=1 START=1 node --import tsx bench/support/newsletter-sender-child.ts
 *
 * QUEUE_CHUNK sets the delivery rows queued per statement (default: the product's).
 */
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { newsletterIssues } from '@db/schema/index'
import { startIssueSend } from '~/domain/newsletter/issue-send.server'
import { QUEUE_CHUNK } from '~/domain/newsletter/send-queue.server'
import { NewsletterSender } from '~/domain/newsletter/sender.server'
import { installDatabase, openPglite } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { closeMailTransport } from '~/infra/mail.server'

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)

const handle = await openPglite(path.join(getEnv().dataDir, 'db'))
installDatabase(handle)
const issueId = Number(process.env.ISSUE_ID)
const queueChunk = Number(process.env.QUEUE_CHUNK ?? QUEUE_CHUNK)
let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
  say({ event: 'rss', rss: process.memoryUsage().rss })
}, 500)

if (process.env.START === '1') {
  const t0 = performance.now()
  const { recipients } = await startIssueSend(issueId, null, { chunk: queueChunk })
  say({ event: 'started', recipients, ms: Math.round(performance.now() - t0) })
}
const sender = new NewsletterSender({
  ratePerMinute: 0,
  buildDigests: false,
  leaseMs: Number(process.env.LEASE_MS ?? 1000),
  queueChunk,
})
for (;;) {
  await sender.tick()
  const [issue] = await handle.db
    .select({ status: newsletterIssues.status })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId))
  if (issue?.status !== 'sending') break
  // Rows of a killed instance wait out their lease before this one takes them.
  await new Promise((resolve) => setTimeout(resolve, 200))
}
clearInterval(sampler)
say({ event: 'done', sent: sender.sent, peakRss })
closeMailTransport()
await handle.close()
process.exit(0)
