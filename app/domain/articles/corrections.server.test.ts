import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleCorrections, articles, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { listArticleCorrections, listLatestCorrections } from './corrections-queries.server'
import { correctionActionSchema, correctionSchema } from './corrections-schema'
import { CorrectionError, addCorrection, deleteCorrection } from './corrections.server'

const HOUR = 3_600_000
let editor: { id: string }

beforeAll(async () => {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `editor-${id}@example.com`, username: 'edna', role: 'editor' })
  editor = { id }
})

async function revisedAt(id: number) {
  const [row] = await getDb()
    .select({ revisedAt: articles.revisedAt })
    .from(articles)
    .where(eq(articles.id, id))
  return row.revisedAt
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CorrectionError)
  return (error as CorrectionError).code
}

describe('addCorrection', () => {
  it('adds a correction to a published article, which counts as updated at its date', async () => {
    const article = await insertArticle({ hoursAgo: 48 })
    const now = new Date()
    const stored = await addCorrection(
      article.id,
      { text: 'The vote is on March 3, not March 4.', correctedAt: null },
      editor,
      { now },
    )
    expect(stored).toMatchObject({ text: 'The vote is on March 3, not March 4.', correctedAt: now })
    expect(await revisedAt(article.id)).toEqual(now)
    // An earlier-dated correction does not move the update date back.
    await addCorrection(
      article.id,
      { text: 'Older', correctedAt: new Date(now.getTime() - 24 * HOUR) },
      editor,
    )
    expect(await revisedAt(article.id)).toEqual(now)
    const listed = await listArticleCorrections(article.id)
    expect(listed.map((c) => c.text)).toEqual(['The vote is on March 3, not March 4.', 'Older'])
  })

  it('refuses an article readers cannot see: a draft, a scheduled one, a missing one', async () => {
    const draft = await insertArticle({ status: 'draft' })
    const scheduled = await insertArticle({ hoursAgo: -5 })
    const input = { text: 'Fix', correctedAt: null }
    expect(await codeOf(addCorrection(draft.id, input, editor))).toBe('NOT_PUBLISHED')
    expect(await codeOf(addCorrection(scheduled.id, input, editor))).toBe('NOT_PUBLISHED')
    expect(await codeOf(addCorrection(999_999, input, editor))).toBe('NOT_FOUND')
    const rows = await getDb()
      .select()
      .from(articleCorrections)
      .where(eq(articleCorrections.articleId, draft.id))
    expect(rows).toHaveLength(0)
  })

  it('refuses a date in the future', async () => {
    const article = await insertArticle()
    const tomorrow = new Date(Date.now() + 24 * HOUR)
    const error = await addCorrection(
      article.id,
      { text: 'Fix', correctedAt: tomorrow },
      editor,
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'FUTURE_DATE', status: 400, field: 'correctedAt' })
  })
})

describe('deleteCorrection', () => {
  it('deletes a mistaken correction of that article only', async () => {
    const article = await insertArticle()
    const other = await insertArticle()
    const correction = await addCorrection(article.id, { text: 'Oops', correctedAt: null }, editor)
    expect(await codeOf(deleteCorrection(other.id, correction.id))).toBe('NOT_FOUND')
    await deleteCorrection(article.id, correction.id)
    expect(await listArticleCorrections(article.id)).toEqual([])
    expect(await codeOf(deleteCorrection(article.id, correction.id))).toBe('NOT_FOUND')
  })
})

describe('listLatestCorrections', () => {
  it('lists corrections of public articles only, newest first, a page at a time', async () => {
    const before = await listLatestCorrections({ page: 1, pageSize: 100 })
    const shown = await insertArticle({ title: 'Shown article' })
    const hidden = await insertArticle({ title: 'Hidden later' })
    const base = Date.now() - 10 * HOUR
    for (const n of [1, 2, 3]) {
      await addCorrection(
        shown.id,
        { text: `Correction ${n}`, correctedAt: new Date(base + n * HOUR) },
        editor,
      )
    }
    await addCorrection(hidden.id, { text: 'Not listed', correctedAt: null }, editor)
    await getDb().update(articles).set({ status: 'hidden' }).where(eq(articles.id, hidden.id))
    const page = await listLatestCorrections({ page: 1, pageSize: 2 })
    expect(page.total).toBe(before.total + 3)
    const all = await listLatestCorrections({ page: 1, pageSize: 100 })
    const texts = all.items.map((c) => c.text)
    expect(texts).not.toContain('Not listed')
    expect(texts.indexOf('Correction 3')).toBeLessThan(texts.indexOf('Correction 1'))
    expect(all.items.find((c) => c.text === 'Correction 2')).toMatchObject({
      articleTitle: 'Shown article',
      articleSlug: shown.slug,
    })
    expect(page.items).toHaveLength(2)
    expect(page.pageCount).toBe(Math.ceil((before.total + 3) / 2))
  })
})

describe('correctionSchema', () => {
  it('takes 1 to 2000 characters of text', () => {
    expect(correctionSchema.safeParse({ text: '  ' }).success).toBe(false)
    expect(correctionSchema.safeParse({ text: 'x'.repeat(2001) }).success).toBe(false)
    expect(correctionSchema.parse({ text: ' Fixed. ', correctedAt: '' })).toEqual({
      text: 'Fixed.',
      correctedAt: null,
    })
  })

  it('reads a day or an instant, never one in the future', () => {
    const past = correctionSchema.parse({ text: 'x', correctedAt: '2024-03-05' })
    expect(past.correctedAt).toEqual(new Date('2024-03-05T12:00:00Z'))
    const instant = correctionSchema.parse({ text: 'x', correctedAt: '2024-03-05T08:30:00.000Z' })
    expect(instant.correctedAt).toEqual(new Date('2024-03-05T08:30:00Z'))
    // Today, as a day, is never later than now.
    const today = correctionSchema.parse({
      text: 'x',
      correctedAt: new Date().toISOString().slice(0, 10),
    })
    expect(today.correctedAt!.getTime()).toBeLessThanOrEqual(Date.now())
    const tomorrow = new Date(Date.now() + 24 * HOUR)
    for (const value of [tomorrow.toISOString(), tomorrow.toISOString().slice(0, 10)]) {
      const result = correctionSchema.safeParse({ text: 'x', correctedAt: value })
      expect(result.error?.issues[0].message).toBe('The date cannot be in the future')
    }
    expect(correctionSchema.safeParse({ text: 'x', correctedAt: 'yesterday' }).success).toBe(false)
  })

  it('knows the panel’s two intents', () => {
    expect(correctionActionSchema.safeParse({ intent: 'delete', id: '3' }).data).toEqual({
      intent: 'delete',
      id: 3,
    })
    expect(correctionActionSchema.safeParse({ intent: 'edit', id: '3' }).success).toBe(false)
  })
})
