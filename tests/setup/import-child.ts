/**
 * An import in a process of its own, for the kill -9 test (app/domain/import/
 * import-kill.server.test.ts). Opens DATA_DIR the way the server and `npm run import` do
 * (the folder's lock, migrations if any are pending), then:
 * - MODE=first: makes an admin and an import job of FILE (the dry run), and imports it;
 * - MODE=analyse: the same up to the job (the dry run, as an upload on the Import screen), then
 *   stops with `analysed`;
 * - MODE=again: reports the state of the latest job as the Import screen sees it after a
 *   restart, then imports it again (what "Import again" runs).
 * Prints JSON lines: `job`, `progress` (every 25 items), `state`, `analysed` or `done` (the
 * report's counts), the last two with the peak V8 heap sampled every 50 ms and the peak RSS in
 * MiB and the time from start in ms (the large Ghost export test runs this under a small heap).
 *
 *   DATA_DIR=… MODE=first FILE=export.xml node --import tsx tests/setup/import-child.ts
 */
import path from 'node:path'
import { desc } from 'drizzle-orm'
import { importJobs, profiles } from '@db/schema/index'
import { createImportJob, importInHand, runImportJob } from '~/domain/import/import-jobs.server'
import { getDb } from '~/infra/db.server'
import { openConfiguredDatabase } from '../../server/startup'

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)
const started = performance.now()
let peakHeap = 0
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
}
setInterval(sample, 50).unref()
const measured = () => {
  sample()
  return {
    peakHeapMiB: Math.round(peakHeap / 2 ** 20),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    ms: Math.round(performance.now() - started),
  }
}

const opened = await openConfiguredDatabase('import-child')
const admin = { id: 'import-child-admin', role: 'admin' as const }
let jobId: number
if (process.env.MODE === 'first' || process.env.MODE === 'analyse') {
  await getDb()
    .insert(profiles)
    .values({ id: admin.id, email: 'importer@example.com', name: 'Importer', role: 'admin' })
  const file = path.resolve(process.env.FILE ?? '')
  const job = await createImportJob(
    { path: file, fileName: path.basename(file) },
    { pagesAs: 'articles', siteUrl: '' },
    admin,
  )
  jobId = job.id
  say({ event: 'job', id: job.id, total: job.total })
  if (process.env.MODE === 'analyse') {
    say({ event: 'analysed', analysis: job.analysis, ...measured() })
    await opened.close()
    process.exit(0)
  }
} else {
  const [job] = await getDb().select().from(importJobs).orderBy(desc(importJobs.id)).limit(1)
  jobId = job.id
  say({
    event: 'state',
    id: job.id,
    status: job.status,
    processed: job.processed,
    // What admin.import.tsx shows as "This import was interrupted", with "Import again".
    interrupted:
      (job.status === 'running' || job.status === 'queued') && !(await importInHand(job.id)),
  })
}
const report = await runImportJob(jobId, admin, (processed, total) =>
  say({ event: 'progress', processed, total }),
)
say({ event: 'done', counts: report.counts, items: report.items.length, ...measured() })
await opened.close()
process.exit(0)
