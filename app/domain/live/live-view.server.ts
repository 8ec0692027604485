import { htmlToPlainText } from '~/infra/sanitize.server'
import { formatCoverageMoment, formatEntryTime } from '~/lib/live-time'
import type { LiveState } from './live-schema'
import type { PublicLive } from './live-queries.server'
import type { LiveEntryRow } from './live-types'

// What a live page shows, and what changed since a reader's cursor, from the one read kept in
// memory (live-queries.server.ts). Times are worded in the site's time zone.

export interface LiveEntryView {
  id: number
  headline: string
  /** Sanitised at save. */
  html: string
  publishedIso: string
  timeLabel: string
  authorName: string | null
  isPinned: boolean
  isKeyEvent: boolean
}

export interface KeyEventView {
  id: number
  label: string
  timeLabel: string
}

export interface LiveCoverageView {
  state: LiveState
  summary: string
  startedIso: string
  endedIso: string | null
  /** "November 26, 2026 at 6:05 PM" once ended. */
  endedLabel: string | null
  /** The newest change readers can see (epoch ms): the page's cursor and its dateModified. */
  cursor: number
  entries: LiveEntryView[]
  pinned: LiveEntryView | null
  keyEvents: KeyEventView[]
}

export interface LiveDelta {
  state: LiveState
  endedLabel: string | null
  cursor: number
  /** Entries new or changed since the cursor asked about, newest first. */
  changed: LiveEntryView[]
  /** Entries deleted since then. */
  deleted: number[]
  pinnedId: number | null
  /** The pinned entry, changed or not (its box is drawn again each time). */
  pinned: LiveEntryView | null
  keyEvents: KeyEventView[]
}

interface Clock {
  now: Date
  timeZone: string
}

function entryView(row: LiveEntryRow, { now, timeZone }: Clock): LiveEntryView {
  const published = row.publishedAt ?? row.createdAt
  return {
    id: row.id,
    headline: row.headline,
    html: row.content,
    publishedIso: published.toISOString(),
    timeLabel: formatEntryTime(published, now, timeZone),
    authorName: row.authorName,
    isPinned: row.isPinned,
    isKeyEvent: row.isKeyEvent,
  }
}

/** A key event's line: its headline, else the start of its text. */
export function keyEventLabel(row: Pick<LiveEntryRow, 'headline' | 'content'>): string {
  if (row.headline) return row.headline
  const text = htmlToPlainText(row.content).trim()
  return text.length > 90 ? `${text.slice(0, 89).trimEnd()}…` : text
}

function keyEvents(rows: LiveEntryRow[], clock: Clock): KeyEventView[] {
  return rows
    .filter((row) => row.isKeyEvent)
    .map((row) => ({
      id: row.id,
      label: keyEventLabel(row),
      timeLabel: formatEntryTime(row.publishedAt ?? row.createdAt, clock.now, clock.timeZone),
    }))
}

function cursorOf(live: PublicLive): number {
  const times = [live.coverage.lastEntryAt, live.coverage.startedAt, live.coverage.endedAt]
  return Math.max(...times.map((t) => t?.getTime() ?? 0))
}

function endedLabel(live: PublicLive, clock: Clock) {
  const { state, endedAt } = live.coverage
  return state === 'ended' && endedAt ? formatCoverageMoment(endedAt, clock.timeZone) : null
}

export function toLiveCoverageView(live: PublicLive, clock: Clock): LiveCoverageView {
  const shown = live.entries.filter((row) => row.deletedAt === null)
  const entries = shown.map((row) => entryView(row, clock))
  return {
    state: live.coverage.state,
    summary: live.coverage.summary,
    startedIso: live.coverage.startedAt.toISOString(),
    endedIso: live.coverage.endedAt?.toISOString() ?? null,
    endedLabel: endedLabel(live, clock),
    cursor: cursorOf(live),
    entries,
    pinned: entries.find((entry) => entry.isPinned) ?? null,
    keyEvents: keyEvents(shown, clock),
  }
}

/** What changed after `since` (epoch ms): the answer of the readers' delta endpoint. */
export function toLiveDelta(live: PublicLive, since: number, clock: Clock): LiveDelta {
  const recent = live.entries.filter((row) => row.updatedAt.getTime() > since)
  const shown = live.entries.filter((row) => row.deletedAt === null)
  const pinned = shown.find((row) => row.isPinned)
  return {
    state: live.coverage.state,
    endedLabel: endedLabel(live, clock),
    cursor: cursorOf(live),
    changed: recent.filter((row) => row.deletedAt === null).map((row) => entryView(row, clock)),
    deleted: recent.filter((row) => row.deletedAt !== null).map((row) => row.id),
    pinnedId: pinned?.id ?? null,
    pinned: pinned ? entryView(pinned, clock) : null,
    keyEvents: keyEvents(shown, clock),
  }
}
