import type { KeyEventView, LiveCoverageView, LiveEntryView } from '~/domain/live/live-view.server'
import { LiveBadge } from './live-badge'
import { gutterClass, textLinkClass } from './styles'

// A live article's coverage as readers see it, drawn to HTML on the server (live-blog.server.tsx)
// like the rest of the article page. The page's script (live-updates.tsx) keeps it current
// by swapping in entries the server draws with the same component.

export function LiveEntry({ entry, pinned = false }: { entry: LiveEntryView; pinned?: boolean }) {
  return (
    <article
      id={pinned ? undefined : `entry-${entry.id}`}
      data-entry-id={entry.id}
      className={`scroll-mt-24 border-l-2 py-1 pl-4 sm:pl-5 ${entry.isKeyEvent ? 'border-primary' : 'border-border'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <a
          href={`#entry-${entry.id}`}
          className={`${textLinkClass} font-semibold tabular-nums text-foreground`}
        >
          <time dateTime={entry.publishedIso}>{entry.timeLabel}</time>
        </a>
        {entry.authorName ? <span>{entry.authorName}</span> : null}
        {entry.isKeyEvent ? (
          <span className="font-semibold uppercase tracking-wider text-primary">Key event</span>
        ) : null}
      </p>
      {entry.headline ? (
        <h3 className="mt-1 font-serif text-xl font-bold leading-snug">{entry.headline}</h3>
      ) : null}
      <div className="article-content mt-2" dangerouslySetInnerHTML={{ __html: entry.html }} />
    </article>
  )
}

export function KeyEvents({ events }: { events: KeyEventView[] }) {
  if (events.length === 0) return null
  return (
    <ol className="mt-3 space-y-2 text-sm">
      {events.map((event) => (
        <li key={event.id} data-key-event={event.id} className="flex gap-3">
          <time className="w-24 shrink-0 tabular-nums text-muted-foreground sm:w-28">
            {event.timeLabel}
          </time>
          <a href={`#entry-${event.id}`} className={`${textLinkClass} font-medium underline`}>
            {event.label}
          </a>
        </li>
      ))}
    </ol>
  )
}

export function CoverageStatus({ live }: { live: Pick<LiveCoverageView, 'state' | 'endedLabel'> }) {
  if (live.state === 'ended') {
    return (
      <p className="text-sm font-medium text-muted-foreground">
        {live.endedLabel ? `Live coverage ended on ${live.endedLabel}` : 'Live coverage ended'}
      </p>
    )
  }
  return (
    <p className="flex items-center gap-3 text-sm font-medium">
      <LiveBadge />
      {live.state === 'paused' ? <span>Coverage paused</span> : <span>Updates as they happen</span>}
    </p>
  )
}

/**
 * The coverage: its state, summary, key events, the pinned entry, a place for the "N new
 * updates" button (an aria-live region: nothing moves until the reader asks), and the entries
 * newest first. `data-*` attributes are the script's handles.
 */
export function LiveBlog({ live, articleId }: { live: LiveCoverageView; articleId: number }) {
  return (
    <section
      aria-labelledby="live-coverage"
      data-live-blog={articleId}
      data-cursor={live.cursor}
      data-state={live.state}
      className={`${gutterClass} mt-8 max-w-3xl`}
    >
      <h2 id="live-coverage" className="sr-only">
        Live coverage
      </h2>
      <div data-live-status>
        <CoverageStatus live={live} />
      </div>
      {live.summary ? (
        <div className="mt-4 rounded-lg border bg-muted/40 p-4 sm:p-5">
          <h3 className="font-serif text-lg font-bold">Summary</h3>
          <p className="mt-2 whitespace-pre-line leading-relaxed">{live.summary}</p>
        </div>
      ) : null}
      <div data-live-key-events hidden={live.keyEvents.length === 0} className="mt-6">
        <h3 className="font-serif text-lg font-bold">Key events</h3>
        <KeyEvents events={live.keyEvents} />
      </div>
      <div data-live-pinned className="mt-6" hidden={!live.pinned}>
        {live.pinned ? <PinnedEntry entry={live.pinned} /> : null}
      </div>
      {/* No height of its own: the button floats over the feed, at the top of the window
          while the reader is further down, and moves nothing when it comes or goes. */}
      <div
        aria-live="polite"
        data-live-new
        className="pointer-events-none sticky top-3 z-20 mt-6 flex h-0 justify-center overflow-visible"
      />
      <div data-live-entries className="mt-6 space-y-8">
        {live.entries.length === 0 ? (
          <p data-live-empty className="text-muted-foreground">
            No updates yet.
          </p>
        ) : null}
        {live.entries.map((entry) => (
          <LiveEntry key={entry.id} entry={entry} />
        ))}
      </div>
    </section>
  )
}

export function PinnedEntry({ entry }: { entry: LiveEntryView }) {
  return (
    <div className="rounded-lg border-2 border-primary/40 bg-card p-4 sm:p-5">
      <p className="mb-2 text-xs font-bold uppercase tracking-wider text-primary">Pinned</p>
      <LiveEntry entry={entry} pinned />
    </div>
  )
}
