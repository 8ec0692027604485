import { beforeAll, describe, expect, it } from 'vitest'
import {
  deleteEntry,
  editEntry,
  postEntry,
  setCoverageState,
  startCoverage,
} from '~/domain/live/live.server'
import { LIVE_CURSOR_STEP_MS, liveSinceParam } from '~/lib/live-cursor'
import { requestAs, runRoute } from '../../tests/setup/auth-fixtures'
import { insertArticle, insertStaff } from '../../tests/setup/content-fixtures'
import { loader } from './api.live.$id'

// The readers' delta endpoint, GET /api/live/{articleId}?since={ms}
// (docs/decisions/0038-live-updates-by-polling.md): what changed after a rounded cursor,
// cacheable by shared caches, and plain refusals for what it cannot answer.

let editor: { id: string }

beforeAll(async () => {
  editor = await insertStaff()
})

const entry = (text: string, headline = '') => ({
  headline,
  content: `<p>${text}</p>`,
  isKeyEvent: false,
})

function ask(id: number | string, since?: number | string) {
  const query = since === undefined ? '' : `?since=${since}`
  return runRoute(loader, requestAs(null, `/api/live/${id}${query}`), {
    params: { id: String(id) },
  })
}

interface Answer {
  state: string
  statusHtml: string
  cursor: number
  changed: { id: number; html: string }[]
  deleted: number[]
  pinnedId: number | null
  endedLabel: string | null
}

describe('GET /api/live/{id}', () => {
  it('answers what changed after the cursor, cacheable by shared caches only', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    const first = await postEntry(article.id, entry('Polls open'), editor, { publish: true })

    const all = await ask(article.id, 0)
    expect(all.status).toBe(200)
    expect(all.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=5',
    )
    const whole = all.data as Answer
    expect(whole.state).toBe('live')
    expect(whole.changed.map((e) => e.id)).toEqual([first.id])
    expect(whole.changed[0]!.html).toContain('Polls open')
    expect(whole.changed[0]!.html).toContain(`id="entry-${first.id}"`)

    // A reader who has seen it asks from its cursor, rounded down and a little back: the entry
    // comes again (the page swaps it in place), never missed; past it, nothing.
    const since = liveSinceParam(whole.cursor)
    expect(since % LIVE_CURSOR_STEP_MS).toBe(0)
    expect(((await ask(article.id, since)).data as Answer).changed.map((e) => e.id)).toEqual([
      first.id,
    ])
    const past = (Math.floor(whole.cursor / LIVE_CURSOR_STEP_MS) + 1) * LIVE_CURSOR_STEP_MS
    expect(((await ask(article.id, past)).data as Answer).changed).toEqual([])

    // Later changes, asked from a cursor before them: the new one, the edit, the deletion.
    const before = Math.floor((Date.now() - 60_000) / LIVE_CURSOR_STEP_MS) * LIVE_CURSOR_STEP_MS
    const second = await postEntry(article.id, entry('Turnout high'), editor, { publish: true })
    await editEntry(article.id, first.id, entry('Polls opened at seven'), editor)
    const later = (await ask(article.id, before)).data as Answer
    expect(later.changed.map((e) => e.id).sort()).toEqual([first.id, second.id].sort())
    expect(later.changed.find((e) => e.id === first.id)!.html).toContain('Polls opened at seven')
    await deleteEntry(article.id, second.id)
    const afterDelete = (await ask(article.id, before)).data as Answer
    expect(afterDelete.deleted).toEqual([second.id])
    expect(afterDelete.changed.map((e) => e.id)).toEqual([first.id])
    expect(afterDelete.cursor).toBeGreaterThanOrEqual(later.cursor)
  })

  it('carries the coverage state, so an open page says when coverage ended', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    const live = (await ask(article.id, 0)).data as Answer
    expect(live.statusHtml).toContain('Updates as they happen')
    await setCoverageState(article.id, 'paused')
    expect(((await ask(article.id, 0)).data as Answer).statusHtml).toContain('Coverage paused')
    await setCoverageState(article.id, 'ended')
    const ended = (await ask(article.id, liveSinceParam(live.cursor))).data as Answer
    expect(ended.state).toBe('ended')
    expect(ended.endedLabel).toMatch(/^\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/)
    expect(ended.statusHtml).toContain(`Live coverage ended on ${ended.endedLabel}`)
    expect(ended.cursor).toBeGreaterThan(live.cursor - 1)
  })

  it('answers 404 for an unknown article, one never live, or one not public', async () => {
    const neverLive = await insertArticle()
    const draft = await insertArticle({ status: 'draft' })
    await startCoverage(draft.id)
    for (const id of [neverLive.id, draft.id, 999_999, 'abc']) {
      const answer = await ask(id, 0)
      expect(answer.status, String(id)).toBe(404)
      expect(answer.data).toMatchObject({ ok: false })
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
    }
  })

  it('lets shared caches keep only the answers to a since a reader’s cursor gives', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    await postEntry(article.id, entry('Doors open'), editor, { publish: true })
    const whole = await ask(article.id, 0)
    const cursor = (whole.data as Answer).cursor
    const shared = 'public, max-age=0, s-maxage=60, stale-while-revalidate=5'
    expect(whole.headers.get('cache-control')).toBe(shared)
    expect((await ask(article.id, liveSinceParam(cursor))).headers.get('cache-control')).toBe(
      shared,
    )
    // Made-up values, one after another (a year back to a year on): the same answers, kept by
    // no shared cache.
    const step = LIVE_CURSOR_STEP_MS
    const madeUp = [
      liveSinceParam(cursor) + step,
      liveSinceParam(cursor) - 100 * step,
      Math.floor((Date.now() + 365 * 86_400_000) / step) * step,
      Math.floor((Date.now() - 365 * 86_400_000) / step) * step,
    ]
    for (const since of madeUp) {
      const answer = await ask(article.id, since)
      expect(answer.status, String(since)).toBe(200)
      expect(answer.headers.get('cache-control'), String(since)).toBe('no-store')
    }
    expect(((await ask(article.id, madeUp[1])).data as Answer).changed).toHaveLength(1)
    expect(((await ask(article.id, madeUp[2])).data as Answer).changed).toEqual([])
  })

  it('refuses a since that is not a rounded time in milliseconds with 400', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    for (const since of ['abc', '-5000', '1234', '5000.5', '1'.repeat(16)]) {
      const answer = await ask(article.id, since)
      expect(answer.status, since).toBe(400)
      expect(answer.data.message).toBe(
        `since must be a time in milliseconds, a multiple of ${LIVE_CURSOR_STEP_MS}.`,
      )
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
    }
    // No since at all: everything, as from the start.
    expect((await ask(article.id)).status).toBe(200)
  })
})
