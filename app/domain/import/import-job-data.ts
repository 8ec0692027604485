import type { PagesAs } from './import-mapping'
import type { SourceKind, SourceSite } from './import-source'

// What an import job holds (`import_jobs`: its options, the dry run's analysis, the import's
// report) and the input an analysis or a run reads. Types only, safe for the browser: the
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
  items: ReportItem[]
  /** Images not in the zip (or no zip) and not fetched: their remote address is kept. */
  remoteImages: string[]
  /** When the images were fetched from the old site: how many, and the ones that failed. */
  fetchedImages?: { fetched: number; failed: { url: string; reason: string }[] }
  unknownShortcodes: Record<string, number>
}
