import { plans } from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { countAccess, noAccessCounts } from './import-access'
import { writeAuthors } from './import-authors.server'
import { gather } from './import-gather.server'
import { imageResolver, startFetching, stopFetching } from './import-image-resolver.server'
import { openImageZip } from './import-images.server'
import { importItem, type ItemRun } from './import-item.server'
import type { ImportInput, ImportReport } from './import-job-data'
import { readSource } from './import-read.server'
import { writeTerms } from './import-terms.server'

// The import itself: two passes over the export (the first gathers authors, categories, tags
// and attachments, which are few; the second writes the items one transaction each, reading
// the file as a stream). Every write goes through `import_map` (import-map.server.ts), so
// running it again, after a kill or with a newer export, updates instead of duplicating.

export interface ImportHooks {
  onProgress?: (processed: number, total: number) => Promise<void> | void
  /** Images fetched from the old site so far, and those that failed. */
  onImages?: (fetched: number, failed: number) => Promise<void> | void
}

function byUrl(a: { url: string }, b: { url: string }) {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0
}

/** Runs an import to its end (a second run, or one after a kill, gives the same result). */
export async function runImport(
  input: ImportInput,
  actor: Actor,
  hooks: ImportHooks = {},
  now = new Date(),
): Promise<ImportReport> {
  const found = await gather(input)
  const siteKey = found.site.key
  const authorIds = await writeAuthors(siteKey, found.authors)
  const { categoryIds, tagIds } = await writeTerms(siteKey, found.terms)
  // For the report's plans (the items match them again as they are written).
  const plansHere = await getDb()
    .select({ id: plans.id, slug: plans.slug, name: plans.name })
    .from(plans)
  const zip = input.imagesPath ? await openImageZip(input.imagesPath) : null
  const fetching = input.options.fetchImages ? await startFetching() : null
  const resolver = imageResolver(siteKey, zip, fetching, actor, hooks.onImages)
  const access = noAccessCounts()
  const report: ImportReport = {
    site: found.site,
    counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
    access,
    items: [],
    remoteImages: [],
    unknownShortcodes: {},
  }
  const run: ItemRun = {
    input,
    found,
    siteKey,
    authorIds,
    categoryIds,
    tagIds,
    resolver,
    actor,
    now,
    unknownShortcodes: report.unknownShortcodes,
  }
  let processed = 0
  try {
    for await (const event of readSource(input.source, input.filePath, input.options.siteUrl)) {
      if (event.kind !== 'item') continue
      const entry = await importItem(event.item, run)
      report.items.push(entry)
      report.counts[entry.outcome]++
      if (entry.outcome !== 'skipped') countAccess(access, event.item.access, plansHere)
      processed++
      if (processed % 25 === 0 || processed === found.items)
        await hooks.onProgress?.(processed, found.items)
    }
  } finally {
    zip?.close()
    if (fetching) await stopFetching(fetching)
    // An import changes articles, categories, tags and authors by the hundred: every cache starts over.
    announceChanged([EVERYTHING])
  }
  await hooks.onProgress?.(processed, found.items)
  report.remoteImages = [...resolver.remote].sort()
  if (fetching) {
    report.fetchedImages = {
      fetched: resolver.fetched,
      failed: [...resolver.failed].map(([url, reason]) => ({ url, reason })).sort(byUrl),
    }
  }
  return report
}
