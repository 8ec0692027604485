import { renderToStaticMarkup } from 'react-dom/server'
import type { LiveDelta } from '~/domain/live/live-view.server'
import { CoverageStatus, KeyEvents, LiveEntry, PinnedEntry } from './live-blog'

/** What the readers' delta endpoint sends: the changes, each entry drawn to HTML already. */
export interface LiveDeltaAnswer {
  state: LiveDelta['state']
  /** The coverage's status line, drawn. */
  statusHtml: string
  cursor: number
  changed: { id: number; html: string; publishedIso: string }[]
  deleted: number[]
  pinnedId: number | null
  pinnedHtml: string
  keyEventsHtml: string
  hasKeyEvents: boolean
  endedLabel: string | null
}

export function renderLiveDelta(delta: LiveDelta): LiveDeltaAnswer {
  const { pinned } = delta
  return {
    state: delta.state,
    statusHtml: renderToStaticMarkup(<CoverageStatus live={delta} />),
    cursor: delta.cursor,
    endedLabel: delta.endedLabel,
    changed: delta.changed.map((entry) => ({
      id: entry.id,
      publishedIso: entry.publishedIso,
      html: renderToStaticMarkup(<LiveEntry entry={entry} />),
    })),
    deleted: delta.deleted,
    pinnedId: delta.pinnedId,
    pinnedHtml: pinned ? renderToStaticMarkup(<PinnedEntry entry={pinned} />) : '',
    keyEventsHtml: renderToStaticMarkup(<KeyEvents events={delta.keyEvents} />),
    hasKeyEvents: delta.keyEvents.length > 0,
  }
}
