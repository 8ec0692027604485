/**
 * Newsletter bench (results: docs/performance.md, "Newsletters").
 *
 *   npm run bench:newsletter
 *   BENCH_NEWSLETTER_SUBSCRIBERS=5000 npm run bench:newsletter
 *
 * BENCH_NEWSLETTER_SUBSCRIBERS (100,000) confirmed subscribers on an embedded database in a temp
 * folder, one issue, a local SMTP sink (smtp-server on 127.0.0.1, an ephemeral port). Measures:
 * 1. a plain pooled nodemailer loop sending the same number of messages of the same size to
 *    the same sink (the baseline);
 * 2. the sender, in a child process: time from the start of the send to the first message at
 *    the sink, messages per second as a ratio to the baseline, its resident memory;
 * 3. kill -9 of that child half way, a second child resuming: Message-IDs per recipient at the
 *    sink (duplicates, missing).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { startSmtpSink } from '../tests/setup/smtp-sink'
import { describeMachine, markdownTable } from './machine'
import { wholeNumber } from './support/settings'

const N = wholeNumber('BENCH_NEWSLETTER_SUBSCRIBERS', 100_000)
const POOL = 5

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-newsletter-bench-'))
process.env.DATA_DIR = dataDir
process.env.SITE_URL ??= 'http://localhost:3000'
process.env.BETTER_AUTH_SECRET ??= 'bench-secret-bench-secret-bench-secret-0123'
const { migrateDatabase, openPglite } = await import('~/infra/db.server')

// 1. The data: one list, one story, N confirmed subscribers, one issue.
const seeded = performance.now()
const handle = await openPglite(path.join(dataDir, 'db'))
await migrateDatabase(handle)
await handle.db.execute(sql`
  insert into newsletter_lists (slug, name, kind) values ('bench', 'Bench Edition', 'edition')`)
await handle.db.execute(sql`
  insert into articles (title, slug, excerpt, content, status, published_at)
  values ('Harbour bridge reopens', 'harbour-bridge', 'Traffic flows again after two years of works.',
          '<p>Body</p>', 'published', now() - interval '1 hour')`)
await handle.db.execute(sql`
  insert into newsletter_subscribers (email, confirm_token, confirmed_at)
  select 'reader' || i || '@bench.example', 'token-' || i, now() from generate_series(1, ${N}) i`)
await handle.db.execute(sql`
  insert into newsletter_subscriptions (subscriber_id, list_id)
  select s.id, l.id from newsletter_subscribers s, newsletter_lists l`)
await handle.db.execute(sql`
  insert into newsletter_issues (list_id, subject, intro, article_ids)
  select id, 'Bench edition', 'The week in brief.', (select array_agg(id) from articles)
  from newsletter_lists`)
await handle.close()
const seedMs = performance.now() - seeded

const sink = await startSmtpSink({ keepRaw: false })

// 2. Baseline: the same number of messages of about the same size, a pooled transport.
const sampleHtml = '<p>' + 'The week in brief. '.repeat(300) + '</p>'
const sampleText = 'The week in brief. '.repeat(80)
const plain = nodemailer.createTransport(
  `${sink.url}?pool=true&maxConnections=${POOL}&maxMessages=Infinity`,
)
const baselineStart = performance.now()
let next = 0
await Promise.all(
  Array.from({ length: 100 }, async () => {
    while (next < N) {
      const i = ++next
      await plain.sendMail({
        from: 'Broadsheet <no-reply@localhost>',
        to: `reader${i}@bench.example`,
        subject: 'Bench edition',
        html: sampleHtml,
        text: sampleText,
        headers: { 'List-Unsubscribe': '<http://localhost:3000/newsletter/unsubscribe?t=x>' },
      })
    }
  }),
)
const baselineMs = performance.now() - baselineStart
plain.close()
sink.messages.length = 0

// 3. The sender in a child, killed half way; a second child resumes.
function child(start: boolean) {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/support/newsletter-sender-child.ts'], {
    env: {
      ...process.env,
      SMTP_URL: sink.url,
      SMTP_POOL_SIZE: String(POOL),
      ISSUE_ID: '1',
      START: start ? '1' : '0',
      LEASE_MS: '2000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}
let peakRss = 0
function watch(proc: ChildProcess, onEvent: (e: Record<string, number | string>) => void) {
  readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
    try {
      const event = JSON.parse(line) as Record<string, number | string>
      if (typeof event.rss === 'number') peakRss = Math.max(peakRss, event.rss)
      if (typeof event.peakRss === 'number') peakRss = Math.max(peakRss, event.peakRss)
      onEvent(event)
    } catch {
      // not one of ours
    }
  })
}

const spawned = performance.now()
const first = child(true)
let startedAt = 0
watch(first, (e) => {
  if (e.event === 'started') startedAt = performance.now() - Number(e.ms)
})
let firstMessageAt = 0
let killedAt = 0
let atKill = 0
await new Promise<void>((resolve) => {
  const poll = setInterval(() => {
    if (!firstMessageAt && sink.messages.length > 0) firstMessageAt = performance.now()
    if (sink.messages.length >= N / 2) {
      first.kill('SIGKILL')
      killedAt = performance.now()
      atKill = sink.messages.length
      clearInterval(poll)
      resolve()
    }
  }, 5)
})
await new Promise((resolve) => first.once('exit', resolve))
const second = child(false)
watch(second, () => {})
await new Promise((resolve) => second.once('exit', resolve))
const finishedAt = performance.now()

const ids = sink.idsByRecipient()
let missing = 0
let distinctDuplicates = 0
let extraCopies = 0
for (let i = 1; i <= N; i++) {
  const got = ids.get(`reader${i}@bench.example`) ?? []
  if (got.length === 0) missing++
  if (new Set(got).size > 1) distinctDuplicates++
  extraCopies += Math.max(0, got.length - 1)
}
await sink.close()
fs.rmSync(dataDir, { recursive: true, force: true })

const baselineRate = N / (baselineMs / 1000)
const engineRate = atKill / ((killedAt - firstMessageAt) / 1000)
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024)
process.stdout.write(`${JSON.stringify(describeMachine())}\n\n`)
process.stdout.write(
  markdownTable(
    ['what', 'figure', 'goal'],
    [
      ['subscribers (seeded in)', `${N.toLocaleString('en')} (${Math.round(seedMs)} ms)`, ''],
      ['plain pooled nodemailer loop', `${Math.round(baselineRate)} msg/s`, ''],
      ['sender, before the kill', `${Math.round(engineRate)} msg/s`, ''],
      ['ratio to the plain loop', (engineRate / baselineRate).toFixed(2), '≥ 0.7'],
      [
        'time from "send" (the start call) to the first message',
        `${Math.round(firstMessageAt - startedAt)} ms`,
        '≤ 2,000 ms',
      ],
      [
        'the same, with the child process starting',
        `${Math.round(firstMessageAt - spawned)} ms`,
        '',
      ],
      ['peak resident memory of the sender', `${mib(peakRss)} MiB`, '≤ 350 MiB'],
      ['killed at', `${atKill.toLocaleString('en')} messages`, ''],
      ['resumed to the end in', `${Math.round(finishedAt - killedAt)} ms`, ''],
      ['recipients with two different Message-IDs', String(distinctDuplicates), '0'],
      ['recipients with no message', String(missing), '0'],
      ['extra copies with the same Message-ID (in flight at the kill)', String(extraCopies), ''],
    ],
  ),
)
process.stdout.write('\n')
process.exit(missing === 0 && distinctDuplicates === 0 ? 0 : 1)
