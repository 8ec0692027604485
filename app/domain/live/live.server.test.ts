import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { liveEntries, liveEntryRevisions } from '@db/schema/index'
import { onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { insertArticle, insertStaff } from '../../../tests/setup/content-fixtures'
import { getPublicLive, listDeskEntries } from './live-queries.server'
import { liveSinceParam } from '~/lib/live-cursor'
import { liveActionSchema } from './live-schema'
import { toLiveCoverageView, toLiveDelta } from './live-view.server'
import {
  LiveError,
  approveEntry,
  deleteEntry,
  editEntry,
  postEntry,
  setCoverageState,
  setKeyEvent,
  setPinned,
  startCoverage,
} from './live.server'

let editor: { id: string }
const clock = () => ({ now: new Date(), timeZone: 'UTC' })
const entry = (text: string, headline = '') => ({
  headline,
  content: `<p>${text}</p>`,
  isKeyEvent: false,
})

beforeAll(async () => {
  editor = await insertStaff({ displayName: 'Dana Desk' })
})

async function liveArticle() {
  const article = await insertArticle()
  await startCoverage(article.id, 'Polls close at eight.')
  return article
}

async function readerView(articleId: number) {
  const live = await getPublicLive(String(articleId))
  if (!live) throw new Error('no live coverage')
  return toLiveCoverageView(live, clock())
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(LiveError)
  return (error as LiveError).code
}

describe('live coverage', () => {
  it('shows published entries newest first, with author and time; pending ones wait', async () => {
    const article = await liveArticle()
    await postEntry(article.id, entry('First'), editor, { publish: true })
    await postEntry(article.id, entry('Second', 'Turnout high'), editor, { publish: true })
    const pending = await postEntry(article.id, entry('From the field'), editor, { publish: false })
    expect(pending.status).toBe('pending')
    const view = await readerView(article.id)
    expect(view.summary).toBe('Polls close at eight.')
    expect(view.entries.map((e) => e.html)).toEqual(['<p>Second</p>', '<p>First</p>'])
    expect(view.entries[0]).toMatchObject({ headline: 'Turnout high', authorName: 'Dana Desk' })
    expect(view.entries[0].timeLabel).toMatch(/^\d{1,2}:\d{2} [AP]M$/)
    // The desk sees the pending entry first; approval publishes it at the top.
    const desk = await listDeskEntries(article.id)
    expect(desk[0]).toMatchObject({ id: pending.id, status: 'pending' })
    await approveEntry(article.id, pending.id)
    expect((await readerView(article.id)).entries[0].html).toBe('<p>From the field</p>')
    expect(await codeOf(approveEntry(article.id, pending.id))).toBe('NOT_PENDING')
  })

  it('sanitises entries', async () => {
    const article = await liveArticle()
    await postEntry(
      article.id,
      {
        headline: '',
        content: '<p onclick="x()">Hi<script>alert(1)</script></p>',
        isKeyEvent: false,
      },
      editor,
      { publish: true },
    )
    expect((await readerView(article.id)).entries[0].html).toBe('<p>Hi</p>')
  })

  it('keeps a revision on edit, drops deleted entries, pins one at a time, lists key events', async () => {
    const article = await liveArticle()
    const a = await postEntry(article.id, entry('Alpha'), editor, { publish: true })
    const b = await postEntry(article.id, entry('Beta'), editor, { publish: true })
    await editEntry(article.id, a.id, { ...entry('Alpha, corrected'), isKeyEvent: true }, editor)
    const revisions = await getDb()
      .select()
      .from(liveEntryRevisions)
      .where(eq(liveEntryRevisions.entryId, a.id))
    expect(revisions.map((r) => r.content)).toEqual(['<p>Alpha</p>'])

    await setPinned(article.id, a.id, true)
    await setPinned(article.id, b.id, true)
    let view = await readerView(article.id)
    expect(view.pinned?.id).toBe(b.id)
    expect(view.entries.filter((e) => e.isPinned).map((e) => e.id)).toEqual([b.id])
    expect(view.keyEvents).toEqual([
      expect.objectContaining({ id: a.id, label: 'Alpha, corrected' }),
    ])
    await setKeyEvent(article.id, b.id, true)
    await deleteEntry(article.id, b.id)
    view = await readerView(article.id)
    expect(view.entries.map((e) => e.id)).toEqual([a.id])
    expect(view.pinned).toBeNull()
    expect(view.keyEvents.map((k) => k.id)).toEqual([a.id])
    // The tombstone stays for readers' pages to drop it.
    const [row] = await getDb().select().from(liveEntries).where(eq(liveEntries.id, b.id))
    expect(row.deletedAt).not.toBeNull()
    expect(await codeOf(editEntry(article.id, b.id, entry('Back'), editor))).toBe('ENTRY_NOT_FOUND')
  })

  it('ends: the page says when, and no more entries are taken', async () => {
    const article = await liveArticle()
    await postEntry(article.id, entry('Last word'), editor, { publish: true })
    await setCoverageState(article.id, 'ended')
    const view = await readerView(article.id)
    expect(view.state).toBe('ended')
    expect(view.endedLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/)
    expect(await codeOf(postEntry(article.id, entry('Late'), editor, { publish: true }))).toBe(
      'ENDED',
    )
    expect(await codeOf(setCoverageState(article.id, 'paused'))).toBe('ENDED')
    // Started again, it takes entries again.
    await startCoverage(article.id)
    await postEntry(article.id, entry('Back on air'), editor, { publish: true })
    expect((await readerView(article.id)).state).toBe('live')
  })

  it('refuses entries before coverage starts', async () => {
    const article = await insertArticle()
    expect(await codeOf(postEntry(article.id, entry('Early'), editor, { publish: true }))).toBe(
      'NOT_STARTED',
    )
  })

  it('takes two entries posted at the same moment', async () => {
    const article = await liveArticle()
    const posted = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postEntry(article.id, entry(`Desk ${i}`), editor, { publish: true }),
      ),
    )
    expect(new Set(posted.map((p) => p.id)).size).toBe(6)
    expect((await readerView(article.id)).entries).toHaveLength(6)
  })

  it('announces the article (and the sitemaps) only, and nothing for a pending entry', async () => {
    const article = await liveArticle()
    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await postEntry(article.id, entry('Waiting'), editor, { publish: false })
      expect(heard).toEqual([])
      await postEntry(article.id, entry('Out'), editor, { publish: true })
      expect(heard).toEqual([[`article:${article.id}`, 'sitemap']])
    } finally {
      stop()
    }
  })

  it('answers what changed since a cursor: new, edited, deleted, pinned', async () => {
    const article = await liveArticle()
    const a = await postEntry(article.id, entry('One'), editor, { publish: true })
    const first = await readerView(article.id)
    // A reader's question leaves a margin behind its cursor: what it has may come again.
    const since = first.cursor + 1
    const b = await postEntry(article.id, entry('Two'), editor, { publish: true })
    await editEntry(article.id, a.id, entry('One, edited'), editor)
    await setPinned(article.id, b.id, true)
    const live = await getPublicLive(String(article.id))
    const delta = toLiveDelta(live!, since, clock())
    expect(delta.changed.map((e) => e.id).sort()).toEqual([a.id, b.id].sort())
    expect(delta.pinnedId).toBe(b.id)
    expect(delta.cursor).toBeGreaterThan(first.cursor)
    await deleteEntry(article.id, a.id)
    const after = toLiveDelta((await getPublicLive(String(article.id)))!, delta.cursor - 1, clock())
    expect(after.deleted).toEqual([a.id])
    // The margin behind the cursor may bring the pin again (same millisecond); never the deleted one.
    expect(after.changed.map((e) => e.id).filter((id) => id !== b.id)).toEqual([])
  })

  it('is not public on an article readers cannot see', async () => {
    const article = await insertArticle({ status: 'draft' })
    await startCoverage(article.id)
    expect(await getPublicLive(String(article.id))).toBeNull()
  })

  it('rounds the readers’ cursor so that they share one question', () => {
    expect(liveSinceParam(1_000_012_345)).toBe(1_000_010_000)
    expect(liveSinceParam(1_000_011_999)).toBe(1_000_005_000)
    const posted = liveActionSchema.safeParse({ intent: 'publish', content: '<p></p>' })
    expect(posted.success).toBe(false)
  })
})
