import type { AccessCounts } from './import-access'
import type { PagesAs } from './import-mapping'
import type { ImportJobStatus } from './import-schema'
import type { SourceKind, SourceSite } from './import-source'

// What an import job holds (`import_jobs`: its options, the dry run's analysis, the import's
// report), the input an analysis or a run reads, and a job as the Import screen shows it. Types only, safe for the browser: the
// Import screen shows these shapes as the server wrote them.

export interface ImportOptions {
  pagesAs: PagesAs
  /** Ghost exports do not say their address: it resolves __GHOST_URL__ and the old links. */
  siteUrl?: string
  /** Fetch the images not in the zip from where they are (the old site) into the library. */
  fetchImages?: boolean
}

export interface ImportInput {
  source: SourceKind
  filePath: string
  imagesPath: string | null
  options: ImportOptions
}

export interface ReportItem {
  sourceId: string
  title: string
  type: string
  status: string
  outcome: 'created' | 'updated' | 'unchanged' | 'skipped'
  /** Our address for it, when imported. */
  path: string | null
  oldLink: string | null
  note?: string
}

export interface ImportReport {
  site: SourceSite
  counts: Record<ReportItem['outcome'], number>
  /** Of the items imported (not skipped), those behind a wall; absent from older reports. */
  access?: AccessCounts
  items: ReportItem[]
  /** Images not in the zip (or no zip) and not fetched: their remote address is kept. */
  remoteImages: string[]
  /** When the images were fetched from the old site: how many, and the ones that failed. */
  fetchedImages?: { fetched: number; failed: { url: string; reason: string }[] }
  unknownShortcodes: Record<string, number>
}

/** The dry run: what an import would do (import-analysis.server.ts). */
export interface ImportAnalysis {
  site: SourceSite
  /** Items in the file, all types. */
  total: number
  /** Items that would become articles or static pages. */
  toImport: number
  /** Of those, already imported from this site before (they would be updated). */
  alreadyImported: number
  /** 'post/publish' → count, for every item in the file. */
  byTypeAndStatus: Record<string, number>
  /** Why items would be skipped ('attachment', 'nav_menu_item', 'trash'…) → count. */
  skipped: Record<string, number>
  scheduled: number
  /** Of the items to import, those behind a wall (issue 38). */
  access: AccessCounts
  /** Password-protected posts (WordPress): imported hidden. */
  restricted: { title: string; slug: string }[]
  /** `admin`: an administrator or owner of the old site, when its export says (Ghost). */
  authors: { name: string; email: string; items: number; existing: boolean; admin: boolean }[]
  categories: { name: string; slug: string; parent: string | null }[]
  tags: { name: string; slug: string }[]
  /** New items whose address is taken here: they would get `-2`. */
  slugClashes: { title: string; slug: string }[]
  unknownShortcodes: Record<string, number>
  images: { found: number; missing: number; missingSample: string[] }
  /** Featured images the article form would refuse (`javascript:`, `//other.site`): dropped. */
  refusedImages: { title: string; url: string }[]
}

/**
 * An analysis as a job holds it: one stored before the featured-image check has no
 * `refusedImages`, one stored before the access counts no `access`.
 */
export type StoredImportAnalysis = Omit<ImportAnalysis, 'refusedImages' | 'access'> &
  Partial<Pick<ImportAnalysis, 'refusedImages' | 'access'>>

/** A job as the Import screen shows it (the /admin/import loader). */
export interface ImportJobView {
  id: number
  source: string
  fileName: string
  hasImages: boolean
  status: ImportJobStatus
  /** Left "running" or "queued" by a process that was killed: it can be started again. */
  interrupted: boolean
  processed: number
  total: number
  fetchImages: boolean
  imagesFetched: number
  imagesFailed: number
  failure: string | null
  analysis: StoredImportAnalysis | null
  report: ImportReport | null
}
