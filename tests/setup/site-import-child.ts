/**
 * `importSiteExport` in a process of its own, for the hostile zip tests
 * (tests/integration/hostile-zips.test.ts), run under a small heap
 * (NODE_OPTIONS=--max-old-space-size=192) where memory is the point. Opens DATA_DIR the way
 * `npm run import` does, imports FILE (DRY_RUN=1: the dry run), and prints one JSON line:
 * `done` with the counts, or `refused` with the error's code, status and message; both with
 * the peak V8 heap (sampled every 50 ms) and the peak RSS, MiB, and the time taken, ms.
 *
 *   DATA_DIR=… FILE=export.zip DRY_RUN=1 node --import tsx tests/setup/site-import-child.ts
 */
import path from 'node:path'
import { importSiteExport } from '~/domain/export/content-import.server'
import { DomainError } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { openConfiguredDatabase } from '../../server/startup'

const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`)
const started = performance.now()
let peakHeap = 0
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
}
setInterval(sample, 50).unref()
const figures = () => {
  sample()
  return {
    peakHeapMiB: Math.round(peakHeap / 2 ** 20),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    ms: Math.round(performance.now() - started),
  }
}

const opened = await openConfiguredDatabase('site-import-child')
try {
  const result = await importSiteExport(getDb(), getStorage(), path.resolve(process.env.FILE!), {
    dryRun: process.env.DRY_RUN === '1',
  })
  say({ event: 'done', result, ...figures() })
} catch (error) {
  if (!(error instanceof DomainError)) throw error
  say({
    event: 'refused',
    code: error.code,
    status: error.status,
    message: error.message,
    ...figures(),
  })
} finally {
  await opened.close()
}
process.exit(0)
