import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import { statementsDuring } from '../../../tests/setup/statements'
import { siteDay, utcDay, ViewCounter, viewCounter } from './view-counter.server'

beforeEach(clearContent)

// Days are given, never read from the clock: the paper's day a view is counted on, and the UTC
// day of a reader's hash (the dedupe).
const day = '2026-11-28'
const at = { day, readerDay: day }

async function viewRows() {
  const rows = await getDb().select().from(articleViews)
  return rows.map((r) => [r.articleId, r.day, r.views]).sort()
}

/** Makes the next statements on article_views fail, as a database that is away would. */
async function withViewsTableGone(fn: () => Promise<void>) {
  await getDb().execute(sql.raw('ALTER TABLE "article_views" RENAME TO "article_views__gone"'))
  try {
    await fn()
  } finally {
    await getDb().execute(sql.raw('ALTER TABLE "article_views__gone" RENAME TO "article_views"'))
  }
}

describe('utcDay and siteDay', () => {
  it('names the UTC day and the paper’s day of one moment', () => {
    const late = new Date('2026-11-28T23:30:00Z')
    expect(utcDay(late)).toBe('2026-11-28')
    expect(siteDay(late, 'Pacific/Auckland')).toBe('2026-11-29')
    expect(siteDay(late, 'Asia/Tokyo')).toBe('2026-11-29')
    expect(siteDay(late, 'America/Los_Angeles')).toBe('2026-11-28')
    expect(siteDay(late, 'Not/A_Zone')).toBe('2026-11-28')
  })
})

describe('ViewCounter', () => {
  it('adds views up in memory and writes them in one statement', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    const b = await insertArticle()
    expect(
      await statementsDuring(async () => {
        for (let i = 0; i < 5; i++) counter.add(a.id, day)
        counter.add(b.id, day, 2)
        counter.add(a.id, '2024-01-01')
      }),
    ).toBe(0)
    expect(counter.pendingKeys).toBe(3)
    expect(counter.pendingViews).toBe(8)
    expect(await statementsDuring(() => counter.flush())).toBe(1)
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual(
      [
        [a.id, '2024-01-01', 1],
        [a.id, day, 5],
        [b.id, day, 2],
      ].sort(),
    )
  })

  it('adds a flush to what is stored, so instances and flushes add up', async () => {
    const one = new ViewCounter()
    const other = new ViewCounter()
    const a = await insertArticle()
    one.add(a.id, day, 3)
    await one.flush()
    one.add(a.id, day, 4)
    other.add(a.id, day, 10)
    await Promise.all([one.flush(), other.flush()])
    expect(await viewRows()).toEqual([[a.id, day, 17]])
  })

  it('writes nothing when nothing was counted', async () => {
    const counter = new ViewCounter()
    expect(await statementsDuring(() => counter.flush())).toBe(0)
    expect(counter.flushes).toBe(0)
  })

  it('keeps the views of a failed flush for the next one, without throwing', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    counter.add(a.id, day, 2)
    await withViewsTableGone(async () => {
      await expect(counter.flush()).resolves.toBeUndefined()
      counter.add(a.id, day)
    })
    expect(counter.pendingViews).toBe(3)
    await counter.flush()
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual([[a.id, day, 3]])
  })

  it('drops views beyond its bound of waiting counts, keeping the ones it holds', async () => {
    const counter = new ViewCounter(2)
    const [a, b, c] = [await insertArticle(), await insertArticle(), await insertArticle()]
    counter.add(a.id, day)
    counter.add(b.id, day)
    counter.add(c.id, day)
    counter.add(a.id, day)
    expect(counter.pendingKeys).toBe(2)
    await counter.flush()
    expect(await viewRows()).toEqual(
      [
        [a.id, day, 2],
        [b.id, day, 1],
      ].sort(),
    )
  })

  it('drops the views of an article deleted before the flush, writing the rest', async () => {
    const counter = new ViewCounter()
    const kept = await insertArticle()
    const gone = await insertArticle()
    counter.add(kept.id, day)
    counter.add(gone.id, day)
    await getDb().execute(sql`delete from articles where id = ${gone.id}`)
    await counter.flush()
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual([[kept.id, day, 1]])
  })

  it('writes what is left on a last flush (shutdown, a test file’s teardown)', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    counter.add(a.id, day, 7)
    await counter.flush()
    expect(await viewRows()).toEqual([[a.id, day, 7]])
  })

  it('counts a reader once per article and day across flushes and instances, in one statement', async () => {
    const one = new ViewCounter()
    const other = new ViewCounter()
    const a = await insertArticle()
    const b = await insertArticle()
    one.addReaderView('reader-1', a.id, at)
    one.addReaderView('reader-1', a.id, at)
    one.addReaderView('reader-1', b.id, at)
    one.addReaderView('reader-2', a.id, at)
    one.addReaderView('reader-1', a.id, { day: '2024-01-01', readerDay: '2024-01-01' })
    expect(one.pendingKeys).toBe(4)
    expect(await statementsDuring(() => one.flush())).toBe(1)
    one.addReaderView('reader-1', a.id, at)
    other.addReaderView('reader-1', a.id, at)
    other.addReaderView('reader-3', a.id, at)
    await Promise.all([one.flush(), other.flush()])
    expect(await viewRows()).toEqual(
      [
        [a.id, '2024-01-01', 1],
        [a.id, day, 3],
        [b.id, day, 1],
      ].sort(),
    )
  })

  it('dedupes a reader per UTC day and stores the view on the paper’s day of its first view', async () => {
    const one = new ViewCounter()
    const other = new ViewCounter()
    const a = await insertArticle()
    // In Auckland the paper's 29th began during the UTC 28th: one UTC day, two paper days.
    one.addReaderView('reader-1', a.id, { day: '2026-11-28', readerDay: '2026-11-28' })
    one.addReaderView('reader-1', a.id, { day: '2026-11-29', readerDay: '2026-11-28' })
    other.addReaderView('reader-2', a.id, { day: '2026-11-29', readerDay: '2026-11-28' })
    expect(one.pendingKeys).toBe(1)
    await Promise.all([one.flush(), other.flush()])
    // Another instance's view of reader-1 on the paper's 29th, same UTC day: already counted.
    other.addReaderView('reader-1', a.id, { day: '2026-11-29', readerDay: '2026-11-28' })
    await other.flush()
    expect(await viewRows()).toEqual(
      [
        [a.id, '2026-11-28', 1],
        [a.id, '2026-11-29', 1],
      ].sort(),
    )
    const readers = await getDb().execute<{ day: string; reader_hash: string }>(
      sql`select day::text as day, reader_hash from article_view_readers where article_id = ${a.id} order by reader_hash`,
    )
    expect(readers.rows).toEqual([
      { day: '2026-11-28', reader_hash: 'reader-1' },
      { day: '2026-11-28', reader_hash: 'reader-2' },
    ])
  })

  it('keeps readers’ views of a failed flush for the next one', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    counter.addReaderView('reader-1', a.id, at)
    await withViewsTableGone(async () => {
      await expect(counter.flush()).resolves.toBeUndefined()
    })
    expect(counter.pendingKeys).toBe(1)
    await counter.flush()
    expect(await viewRows()).toEqual([[a.id, day, 1]])
  })

  it('is one counter per process, whichever copy of the module asks', async () => {
    const again = await import('./view-counter.server?copy' as string)
    expect((again as { viewCounter: ViewCounter }).viewCounter).toBe(viewCounter)
  })
})
