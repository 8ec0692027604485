import type { LiveState } from './live-schema'

// Client-safe: the shapes of live coverage that the server's read models, the live desk's
// screen and the site's export and import share, each stated here once and imported as types.

/** `pending`: sent by someone who may not run the coverage, until an editor publishes it. */
export type LiveEntryStatus = 'published' | 'pending'

/** A stored entry (`live_entries`), its times as `D`: Dates from the database, strings in JSON. */
interface LiveEntryRecord<D> {
  id: number
  headline: string
  content: string
  status: LiveEntryStatus
  isPinned: boolean
  isKeyEvent: boolean
  authorId: string | null
  publishedAt: D | null
  createdAt: D
  updatedAt: D
  /** A tombstone: readers' pages drop it. */
  deletedAt: D | null
}

/** An entry as the read models give it (live-queries.server.ts), with its byline's name. */
export interface LiveEntryRow extends LiveEntryRecord<Date> {
  authorName: string | null
}

/**
 * An entry on the live desk: built by the loader of admin.articles_.$id.live.tsx, drawn by
 * components/admin/live-desk.tsx. Times are worded in the site's time zone.
 */
export interface DeskEntry {
  id: number
  headline: string
  content: string
  status: LiveEntryStatus
  isPinned: boolean
  isKeyEvent: boolean
  authorName: string | null
  timeLabel: string
  /** What it was before each edit, newest first. */
  earlierVersions: {
    id: number
    headline: string
    content: string
    editorName: string | null
    editedLabel: string
  }[]
}

/**
 * An article's live coverage in content.json (docs/export-format.md): written with Dates by
 * domain/export/content-json.server.ts (`ExportedLive<Date>`, which JSON turns into ISO
 * strings) and read back with strings by content-import.server.ts (`ExportedLive`).
 */
export interface ExportedLive<D = string> {
  state: LiveState
  summary: string
  startedAt: D
  endedAt: D | null
  lastEntryAt: D | null
  entries: (LiveEntryRecord<D> & {
    revisions: { headline: string; content: string; createdBy: string | null; createdAt: D }[]
  })[]
}
