import { sql } from 'drizzle-orm'
import { getDb } from '~/infra/db.server'
import { logger } from '~/infra/logger.server'
import { singleton } from '~/infra/singleton.server'
import { canonicalTimeZone, DEFAULT_TIME_ZONE, toWallTime } from '~/lib/time-zone'

/**
 * How often the views counted are written: the 'view-counts-flush' job's interval
 * (server/jobs.ts), which writes them once more at shutdown.
 */
export const VIEW_FLUSH_INTERVAL_MS = 5_000
/** Most (article, day) counts kept while the database does not take them; beyond, views drop. */
export const MAX_PENDING_VIEW_KEYS = 100_000

/**
 * Today in UTC: the day of a reader's hash and dedupe (`view_reader_keys`,
 * `article_view_readers`), which housekeeping keeps to today's key for privacy. Not the day
 * views are stored on (`siteDay`).
 */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10)
}

/**
 * The paper's calendar day (`yyyy-MM-dd`) at `at`, in its time zone (UTC for an unknown one):
 * the day `article_views` counts a view on, and Trending's and the desk's "today".
 */
export function siteDay(at: Date, timeZone: string): string {
  return toWallTime(at, canonicalTimeZone(timeZone) ?? DEFAULT_TIME_ZONE).slice(0, 10)
}

/**
 * Article views added up in memory, per article and day of the paper (its time zone, `siteDay`:
 * the caller gives the day), and written in one statement per
 * flush: a multi-row upsert that adds to the day's row, so instances that each flush their own
 * counts add up. Reading a page does no database work. A crash loses the views counted since
 * the last flush (at most one interval); a failed flush keeps them for the next one.
 *
 * Readers' views (`addReaderView`) count once per reader, article and UTC day (a reader is a
 * hash under the UTC day's key): the flush inserts each (UTC day, article, reader) into
 * `article_view_readers`, whose primary key every instance shares, and adds to `article_views`,
 * on the paper's day of the view, only the rows that were new, in one statement. The same
 * reader again that UTC day, here or on another instance, adds nothing, even on the paper's
 * next day: the view stays on the paper's day it was first counted on.
 */
export class ViewCounter {
  private counts = new Map<string, number>()
  /**
   * The readers' views waiting for the next flush: `readerDay|articleId|readerHash` (the UTC
   * day of the hash, the dedupe) to the paper's day the view is counted on.
   */
  private readers = new Map<string, string>()
  private chain: Promise<void> = Promise.resolve()
  private droppedSinceWarning = 0
  /** Statements written so far (each flush with anything to write is one). */
  flushes = 0

  constructor(private readonly maxKeys = MAX_PENDING_VIEW_KEYS) {}

  /** Distinct (article, day) counts and (reader, article, day) views waiting for the next flush. */
  get pendingKeys(): number {
    return this.counts.size + this.readers.size
  }

  /** Views waiting for the next flush, in all (a reader's view before its dedupe). */
  get pendingViews(): number {
    let total = this.readers.size
    for (const views of this.counts.values()) total += views
    return total
  }

  /**
   * Counts `views` views of an article on `day`, the paper's day (`siteDay`). Never touches the
   * database.
   */
  add(articleId: number, day: string, views = 1): void {
    const key = `${articleId}|${day}`
    const current = this.counts.get(key)
    if (current !== undefined) this.counts.set(key, current + views)
    else if (this.counts.size < this.maxKeys) this.counts.set(key, views)
    else this.drop(views)
  }

  /**
   * A reader's view of an article, counted at the next flush on `day`, the paper's day
   * (`siteDay`), unless this reader's view of it was counted already on `readerDay`, the UTC
   * day its hash was made under (`readerHash`: trending.server.ts `readerOf`). Never touches
   * the database.
   */
  addReaderView(
    readerHash: string,
    articleId: number,
    { day, readerDay }: { day: string; readerDay: string },
  ): void {
    const key = `${readerDay}|${articleId}|${readerHash}`
    if (this.readers.has(key)) return
    if (this.pendingKeys < this.maxKeys) this.readers.set(key, day)
    else this.drop(1)
  }

  /**
   * Writes every view counted so far (one statement for counts, one for readers' views). Never throws: a failure is logged and
   * the views are kept for the next flush. Calls queue, so a flush awaited at shutdown writes
   * everything counted before it.
   */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.write())
    return this.chain
  }

  private async write(): Promise<void> {
    await this.writeCounts()
    await this.writeReaders()
    this.warnDropped()
  }

  private async writeCounts(): Promise<void> {
    if (this.counts.size === 0) return
    const batch = this.counts
    this.counts = new Map()
    const rows = [...batch].map(([key, views]) => {
      const [articleId, day] = key.split('|')
      return sql`(${Number(articleId)}::integer, ${day}::date, ${views}::integer)`
    })
    try {
      // Views of an article deleted since they were counted are dropped by the join.
      await getDb().execute(sql`
        insert into article_views (article_id, day, views)
        select v.article_id, v.day, v.views
        from (values ${sql.join(rows, sql`, `)}) as v (article_id, day, views)
        join articles a on a.id = v.article_id
        on conflict (article_id, day) do update set views = article_views.views + excluded.views`)
      this.flushes++
    } catch (error) {
      logger.error(
        { err: error, keys: batch.size },
        'writing article views failed; kept for the next flush',
      )
      for (const [key, views] of batch) {
        const [articleId, day] = key.split('|')
        this.add(Number(articleId), day, views)
      }
    }
  }

  private async writeReaders(): Promise<void> {
    if (this.readers.size === 0) return
    const batch = this.readers
    this.readers = new Map()
    // One parameter whatever the batch's size (a VALUES list would take four a row).
    const rows = JSON.stringify(
      [...batch].map(([key, day]) => {
        const [readerDay, articleId, readerHash] = key.split('|')
        return {
          reader_day: readerDay,
          day,
          article_id: Number(articleId),
          reader_hash: readerHash,
        }
      }),
    )
    try {
      // Only the readers not yet counted that UTC day come back from the first insert, and are
      // added on the paper's day of their view (the batch holds one per reader, article and
      // UTC day); the views of an article deleted since are dropped by the join.
      await getDb().execute(sql`
        with v as (
          select * from json_to_recordset(${rows}::json)
            as v (reader_day date, day date, article_id integer, reader_hash text)
        ),
        fresh as (
          insert into article_view_readers (day, article_id, reader_hash)
          select v.reader_day, v.article_id, v.reader_hash
          from v join articles a on a.id = v.article_id
          on conflict do nothing
          returning day, article_id, reader_hash
        )
        insert into article_views (article_id, day, views)
        select v.article_id, v.day, count(*)::integer
        from fresh
        join v on v.reader_day = fresh.day
          and v.article_id = fresh.article_id
          and v.reader_hash = fresh.reader_hash
        group by v.article_id, v.day
        on conflict (article_id, day) do update set views = article_views.views + excluded.views`)
      this.flushes++
    } catch (error) {
      logger.error(
        { err: error, keys: batch.size },
        'writing readers’ article views failed; kept for the next flush',
      )
      for (const [key, day] of batch) {
        const [readerDay, articleId, readerHash] = key.split('|')
        this.addReaderView(readerHash, Number(articleId), { day, readerDay })
      }
    }
  }

  private drop(views: number) {
    this.droppedSinceWarning += views
  }

  private warnDropped() {
    if (!this.droppedSinceWarning) return
    logger.warn(
      { dropped: this.droppedSinceWarning, maxKeys: this.maxKeys },
      'article views dropped: too many counts waiting for the database',
    )
    this.droppedSinceWarning = 0
  }
}

/** The process's counter: one per process, whichever bundle (server or app build) asks. */
export const viewCounter = singleton('article-view-counter', () => new ViewCounter())
