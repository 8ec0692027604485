import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { articles, jobQueue, profiles } from '@db/schema/index'
import type { Role } from '~/domain/access/access-rules'
import { getDb } from '~/infra/db.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { logger } from '~/infra/logger.server'
import { outboxDir, readOutbox } from '~/infra/mail.server'
import { createArticle, updateArticle } from './articles.server'
import { articleFormSchema, type ArticleInput, type ArticleStatus } from './articles-schema'
import {
  entersReview,
  keepsReviewNote,
  REVIEW_MAILS_JOB,
  reviewMailsJob,
  ReviewError,
  returnToWriter,
} from './review.server'

async function person(role: Role, username: string, banned = false) {
  const id = crypto.randomUUID()
  const email = `${username}-${id.slice(0, 8)}@example.com`
  await getDb().insert(profiles).values({ id, email, username, role, banned })
  return { id, role, email }
}

type Person = Awaited<ReturnType<typeof person>>
let writer: Person
let editor: Person
let admin: Person
let author: Person
let bannedEditor: Person

beforeAll(async () => {
  writer = await person('contributor', 'carla')
  editor = await person('editor', 'edna')
  admin = await person('admin', 'ada')
  author = await person('author', 'otto')
  bannedEditor = await person('editor', 'gone', true)
})

function input(status: ArticleStatus, title = 'Harbour dredging starts'): ArticleInput {
  return articleFormSchema.parse({
    title,
    content: '<p>The dredger arrives on Monday.</p>',
    status,
    authorId: writer.id,
  })
}

/** The mails to `email`, once the review-mails job has run what the saves queued. */
async function mailsTo(email: string) {
  await drainQueue(reviewMailsJob)
  return (await readOutbox()).filter((mail) => mail.to.includes(email))
}

async function queuedMailsFor(articleId: number) {
  const rows = await getDb().select().from(jobQueue).where(eq(jobQueue.job, REVIEW_MAILS_JOB))
  return rows.filter((entry) => (entry.payload as { articleId: number }).articleId === articleId)
}

async function row(id: number) {
  const [found] = await getDb().select().from(articles).where(eq(articles.id, id))
  return found
}

describe('the review rules', () => {
  it('enters review only on the way in, and keeps a note while the article stays a draft', () => {
    expect(entersReview(null, 'review')).toBe(true)
    expect(entersReview('draft', 'review')).toBe(true)
    expect(entersReview('review', 'review')).toBe(false)
    expect(entersReview('draft', 'published')).toBe(false)
    expect(keepsReviewNote('draft', 'draft')).toBe(true)
    expect(keepsReviewNote('draft', 'review')).toBe(false)
    expect(keepsReviewNote('draft', 'published')).toBe(false)
  })
})

describe('submitting for review', () => {
  it('mails every editor and admin once, naming the article, its writer and its link', async () => {
    const saved = await createArticle(input('review', 'Ferry fares rise'), writer)
    for (const reader of [editor, admin]) {
      const mails = await mailsTo(reader.email)
      expect(mails, reader.email).toHaveLength(1)
      expect(mails[0].text).toContain('carla submitted “Ferry fares rise” for review.')
      expect(mails[0].text).toContain(`http://localhost:3000/admin/edit-article/${saved.id}`)
    }
    // Not to writers, the submitter, or a banned account.
    for (const other of [writer, author, bannedEditor]) {
      expect(await mailsTo(other.email), other.email).toHaveLength(0)
    }
    // Saving it again while it waits mails no one.
    await updateArticle(saved.id, input('review', 'Ferry fares rise again'), editor)
    expect(await mailsTo(editor.email)).toHaveLength(1)
    expect(await mailsTo(admin.email)).toHaveLength(1)
  })

  it('mails on a draft submitted later, not on saving the draft, and not the editor who submits', async () => {
    const before = (await mailsTo(admin.email)).length
    const draft = await createArticle(input('draft', 'Library hours'), writer)
    await updateArticle(draft.id, input('draft', 'Library opening hours'), writer)
    expect(await mailsTo(admin.email)).toHaveLength(before)
    const editorMails = (await mailsTo(editor.email)).length
    await updateArticle(draft.id, input('review', 'Library opening hours'), editor)
    expect(await mailsTo(admin.email)).toHaveLength(before + 1)
    expect(await mailsTo(editor.email)).toHaveLength(editorMails)
  })

  it('keeps the save when the mail cannot be sent, logs why, and sends it on a later try', async () => {
    // The outbox cannot be made: a file stands where its folder should be.
    await fs.rm(outboxDir(), { recursive: true, force: true })
    await fs.writeFile(outboxDir(), 'not a folder')
    const logged = vi.spyOn(logger, 'error')
    let savedId = 0
    try {
      const saved = await createArticle(input('review', 'Pier repairs'), writer)
      savedId = saved.id
      expect((await row(saved.id)).status).toBe('review')
      await drainQueue(reviewMailsJob)
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ articleId: saved.id }),
        'review mail failed',
      )
    } finally {
      logged.mockRestore()
      await fs.rm(outboxDir(), { force: true })
    }
    // Each mail waits for its next try, with the attempt and the error kept.
    const waiting = await queuedMailsFor(savedId)
    expect(waiting.map((entry) => entry.status)).toEqual(['queued', 'queued'])
    for (const entry of waiting) {
      expect(entry.attempts).toBe(1)
      expect(entry.lastError).toBeTruthy()
      expect(entry.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    }
    // Its time comes: the mails go, once each.
    await getDb()
      .update(jobQueue)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobQueue.job, REVIEW_MAILS_JOB))
    const pier = (await mailsTo(admin.email)).filter((mail) => mail.text.includes('Pier repairs'))
    expect(pier).toHaveLength(1)
    expect((await queuedMailsFor(savedId)).map((entry) => entry.status)).toEqual(['done', 'done'])
  })
})

describe('returning to the writer', () => {
  it('makes the article a draft with the note, mails the writer, and a resubmission clears it', async () => {
    const now = new Date('2026-03-02T10:00:00Z')
    const saved = await createArticle(input('review', 'Market square works'), writer)
    await returnToWriter(saved.id, 'Add a quote from the council.', editor, { now })
    expect(await row(saved.id)).toMatchObject({
      status: 'draft',
      reviewNote: 'Add a quote from the council.',
      reviewNoteAt: now,
      reviewNoteBy: editor.id,
    })
    const [mail] = await mailsTo(writer.email)
    expect(mail.text).toContain('edna returned “Market square works” to you as a draft')
    expect(mail.text).toContain('Add a quote from the council.')
    expect(mail.text).toContain(`/admin/edit-article/${saved.id}`)

    // The writer revises (the note stays), then resubmits (the note goes, editors hear again).
    await updateArticle(saved.id, input('draft', 'Market square works: council speaks'), writer)
    expect((await row(saved.id)).reviewNote).toBe('Add a quote from the council.')
    const before = (await mailsTo(admin.email)).length
    await updateArticle(saved.id, input('review', 'Market square works: council speaks'), writer)
    expect(await row(saved.id)).toMatchObject({
      status: 'review',
      reviewNote: null,
      reviewNoteAt: null,
      reviewNoteBy: null,
    })
    expect(await mailsTo(admin.email)).toHaveLength(before + 1)
  })

  it('refuses an article that is not waiting for review, and one that does not exist', async () => {
    // Published by an editor: the writer, a contributor, may not publish.
    const published = await createArticle(input('published', 'Regatta results'), editor)
    const refusal = returnToWriter(published.id, 'Too late', editor)
    await expect(refusal).rejects.toBeInstanceOf(ReviewError)
    await expect(refusal).rejects.toMatchObject({
      code: 'NOT_IN_REVIEW',
      status: 409,
      message: 'Only an article waiting for review can be returned; this one is published.',
    })
    expect((await row(published.id)).reviewNote).toBeNull()
    await expect(returnToWriter(999_999, 'Nothing', editor)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    })
  })
})
