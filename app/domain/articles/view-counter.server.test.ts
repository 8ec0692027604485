import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import { statementsDuring } from '../../../tests/setup/statements'
import { utcDay, ViewCounter, viewCounter } from './view-counter.server'

beforeEach(clearContent)

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

describe('ViewCounter', () => {
  it('adds views up in memory and writes them in one statement', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    const b = await insertArticle()
    const today = utcDay()
    expect(
      await statementsDuring(async () => {
        for (let i = 0; i < 5; i++) counter.add(a.id)
        counter.add(b.id, 2)
        counter.add(a.id, 1, '2024-01-01')
      }),
    ).toBe(0)
    expect(counter.pendingKeys).toBe(3)
    expect(counter.pendingViews).toBe(8)
    expect(await statementsDuring(() => counter.flush())).toBe(1)
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual(
      [
        [a.id, '2024-01-01', 1],
        [a.id, today, 5],
        [b.id, today, 2],
      ].sort(),
    )
  })

  it('adds a flush to what is stored, so instances and flushes add up', async () => {
    const one = new ViewCounter()
    const other = new ViewCounter()
    const a = await insertArticle()
    one.add(a.id, 3)
    await one.flush()
    one.add(a.id, 4)
    other.add(a.id, 10)
    await Promise.all([one.flush(), other.flush()])
    expect(await viewRows()).toEqual([[a.id, utcDay(), 17]])
  })

  it('writes nothing when nothing was counted', async () => {
    const counter = new ViewCounter()
    expect(await statementsDuring(() => counter.flush())).toBe(0)
    expect(counter.flushes).toBe(0)
  })

  it('keeps the views of a failed flush for the next one, without throwing', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    counter.add(a.id, 2)
    await withViewsTableGone(async () => {
      await expect(counter.flush()).resolves.toBeUndefined()
      counter.add(a.id)
    })
    expect(counter.pendingViews).toBe(3)
    await counter.flush()
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual([[a.id, utcDay(), 3]])
  })

  it('drops views beyond its bound of waiting counts, keeping the ones it holds', async () => {
    const counter = new ViewCounter(2)
    const [a, b, c] = [await insertArticle(), await insertArticle(), await insertArticle()]
    counter.add(a.id)
    counter.add(b.id)
    counter.add(c.id)
    counter.add(a.id)
    expect(counter.pendingKeys).toBe(2)
    await counter.flush()
    expect(await viewRows()).toEqual(
      [
        [a.id, utcDay(), 2],
        [b.id, utcDay(), 1],
      ].sort(),
    )
  })

  it('drops the views of an article deleted before the flush, writing the rest', async () => {
    const counter = new ViewCounter()
    const kept = await insertArticle()
    const gone = await insertArticle()
    counter.add(kept.id)
    counter.add(gone.id)
    await getDb().execute(sql`delete from articles where id = ${gone.id}`)
    await counter.flush()
    expect(counter.pendingKeys).toBe(0)
    expect(await viewRows()).toEqual([[kept.id, utcDay(), 1]])
  })

  it('writes what is left when stopped (the server’s shutdown)', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    const stop = counter.start(60_000)
    counter.add(a.id, 7)
    await stop()
    expect(await viewRows()).toEqual([[a.id, utcDay(), 7]])
  })

  it('counts a reader once per article and day across flushes and instances, in one statement', async () => {
    const one = new ViewCounter()
    const other = new ViewCounter()
    const a = await insertArticle()
    const b = await insertArticle()
    one.addReaderView('reader-1', a.id)
    one.addReaderView('reader-1', a.id)
    one.addReaderView('reader-1', b.id)
    one.addReaderView('reader-2', a.id)
    one.addReaderView('reader-1', a.id, '2024-01-01')
    expect(one.pendingKeys).toBe(4)
    expect(await statementsDuring(() => one.flush())).toBe(1)
    one.addReaderView('reader-1', a.id)
    other.addReaderView('reader-1', a.id)
    other.addReaderView('reader-3', a.id)
    await Promise.all([one.flush(), other.flush()])
    expect(await viewRows()).toEqual(
      [
        [a.id, '2024-01-01', 1],
        [a.id, utcDay(), 3],
        [b.id, utcDay(), 1],
      ].sort(),
    )
  })

  it('keeps readers’ views of a failed flush for the next one', async () => {
    const counter = new ViewCounter()
    const a = await insertArticle()
    counter.addReaderView('reader-1', a.id)
    await withViewsTableGone(async () => {
      await expect(counter.flush()).resolves.toBeUndefined()
    })
    expect(counter.pendingKeys).toBe(1)
    await counter.flush()
    expect(await viewRows()).toEqual([[a.id, utcDay(), 1]])
  })

  it('is one counter per process, whichever copy of the module asks', async () => {
    const again = await import('./view-counter.server?copy' as string)
    expect((again as { viewCounter: ViewCounter }).viewCounter).toBe(viewCounter)
  })
})
