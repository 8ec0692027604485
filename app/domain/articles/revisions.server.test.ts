import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleRevisions, articles, profiles, siteSettings } from '@db/schema/index'
import type { Role } from '~/domain/access/access-rules'
import { getDb } from '~/infra/db.server'
import { ArticleError, autosaveArticle, createArticle, updateArticle } from './articles.server'
import { articleDraftSchema, articleFormSchema, type ArticleInput } from './articles-schema'
import { ArticleFieldError } from './article-field-rules.server'
import { compareRevision, diffParagraphs, listRevisions } from './revisions-queries.server'
import { restoreRevision } from './revisions.server'

async function person(role: Role, username: string) {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `${username}-${id}@example.com`, username, role })
  return { id, role }
}

let editor: { id: string; role: Role }
let contributor: { id: string; role: Role }

beforeAll(async () => {
  editor = await person('editor', 'edna')
  contributor = await person('contributor', 'carl')
})

function input(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    ...articleFormSchema.parse({
      title: 'Ferry timetable changes',
      excerpt: 'The winter timetable starts on Monday.',
      content: '<p>The first ferry leaves at six.</p>',
      newTags: ['Transport'],
    }),
    ...overrides,
  }
}

async function revisionsOf(articleId: number) {
  return getDb()
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(asc(articleRevisions.id))
}

async function row(id: number) {
  const [found] = await getDb().select().from(articles).where(eq(articles.id, id))
  return found
}

async function setRevisionsKept(kept: number) {
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, revisionsKept: kept })
    .onConflictDoUpdate({ target: siteSettings.id, set: { revisionsKept: kept } })
}

describe('a revision per manual save', () => {
  it('keeps what each save wrote: text, status, category, tags by name, image, who and when', async () => {
    // The contributor's draft, started by an editor: each may write it.
    const created = await createArticle(input({ authorId: contributor.id }), editor, {
      now: new Date('2025-01-01T10:00:00Z'),
    })
    await updateArticle(
      created.id,
      input({ title: 'Ferry timetable changed', featuredImage: '/media/ferry.webp', newTags: [] }),
      contributor,
      { now: new Date('2025-01-01T11:00:00Z') },
    )
    const [first, second] = await revisionsOf(created.id)
    expect(first).toMatchObject({
      title: 'Ferry timetable changes',
      excerpt: 'The winter timetable starts on Monday.',
      content: '<p>The first ferry leaves at six.</p>',
      status: 'draft',
      tagNames: ['Transport'],
      featuredImage: null,
      createdBy: editor.id,
      createdAt: new Date('2025-01-01T10:00:00Z'),
    })
    expect(second).toMatchObject({
      title: 'Ferry timetable changed',
      tagNames: [],
      featuredImage: '/media/ferry.webp',
      createdBy: contributor.id,
    })
  })

  it('keeps none for an autosave', async () => {
    const draft = await autosaveArticle(
      null,
      articleDraftSchema.parse({ title: 'Half written', content: '<p>So far</p>' }),
      editor,
    )
    await autosaveArticle(
      draft.id,
      articleDraftSchema.parse({ title: 'Half written', content: '<p>So far, more</p>' }),
      editor,
    )
    expect(await revisionsOf(draft.id)).toHaveLength(0)
    await updateArticle(draft.id, input({ title: 'Written' }), editor)
    expect(await revisionsOf(draft.id)).toHaveLength(1)
  })

  it('keeps at most revisions_kept per article, dropping the oldest', async () => {
    await setRevisionsKept(3)
    try {
      const created = await createArticle(input({ title: 'Save 1' }), editor)
      for (const n of [2, 3, 4, 5]) {
        await updateArticle(created.id, input({ title: `Save ${n}` }), editor)
      }
      const kept = await revisionsOf(created.id)
      expect(kept.map((revision) => revision.title)).toEqual(['Save 3', 'Save 4', 'Save 5'])
    } finally {
      await setRevisionsKept(100)
    }
  })
})

describe('listRevisions and compareRevision', () => {
  it('lists newest first with who, status and what each save changed', async () => {
    const created = await createArticle(input(), editor)
    await updateArticle(
      created.id,
      input({ content: '<p>The first ferry leaves at seven.</p>' }),
      editor,
    )
    await updateArticle(created.id, input({ status: 'published' }), editor)
    const list = await listRevisions(created.id)
    expect(list?.revisions.map((r) => [r.authorName, r.status, r.summary])).toEqual([
      ['edna', 'published', 'Changed content; Draft → Published'],
      ['edna', 'draft', 'Changed content'],
      ['edna', 'draft', 'Earliest saved version'],
    ])
    expect(list?.revisionsKept).toBe(100)
    expect(list?.revisions[0].createdLabel).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/,
    )
  })

  it('compares a revision with the current text word by word, paragraph by paragraph', async () => {
    const created = await createArticle(
      input({ content: '<p>The first ferry leaves at six.</p><p>Tickets cost more.</p>' }),
      editor,
    )
    await updateArticle(
      created.id,
      input({
        title: 'Ferry timetable changes again',
        content: '<p>The first ferry leaves at seven.</p><p>Tickets cost more.</p>',
        newTags: ['Transport', 'Islands'],
      }),
      editor,
    )
    const [first] = await revisionsOf(created.id)
    const comparison = await compareRevision(created.id, first.id)
    expect(comparison?.title).toEqual([
      { type: 'same', text: 'Ferry timetable changes' },
      { type: 'added', text: 'again' },
    ])
    expect(comparison?.content).toEqual([
      [
        { type: 'same', text: 'The first ferry leaves at' },
        { type: 'removed', text: 'six.' },
        { type: 'added', text: 'seven.' },
      ],
      [{ type: 'same', text: 'Tickets cost more.' }],
    ])
    expect(comparison?.otherChanges).toEqual(['tags'])
    expect(comparison?.sameText).toBe(false)
    expect(await compareRevision(created.id + 1000, first.id)).toBeNull()
  })

  it('reads the body as text: markup is no change, entities are decoded', () => {
    expect(
      diffParagraphs('<p>A &amp; <strong>B</strong></p>', '<p>A &amp; <em>B</em></p>'),
    ).toEqual([[{ type: 'same', text: 'A & B' }]])
  })
})

describe('restoreRevision', () => {
  it('writes the revision back as a new save, itself a revision', async () => {
    const created = await createArticle(
      input({ status: 'published', newTags: ['Transport', 'Weather'] }),
      editor,
      { now: new Date(Date.now() - 3_600_000) },
    )
    await updateArticle(
      created.id,
      input({
        status: 'published',
        title: 'Wrong title',
        excerpt: '',
        newTags: [],
        isFeatured: true,
      }),
      editor,
    )
    const [original] = await revisionsOf(created.id)
    await restoreRevision(created.id, original.id, editor)
    const restored = await row(created.id)
    expect(restored).toMatchObject({
      title: 'Ferry timetable changes',
      excerpt: 'The winter timetable starts on Monday.',
      status: 'published',
      // Not kept by revisions: stays as it is.
      isFeatured: true,
    })
    const all = await revisionsOf(created.id)
    expect(all).toHaveLength(3)
    expect(all[2]).toMatchObject({
      title: 'Ferry timetable changes',
      tagNames: ['Transport', 'Weather'],
      createdBy: editor.id,
    })
    // The list says which version came back, not which fields differ from the save before.
    const list = await listRevisions(created.id)
    expect(list?.revisions.map((r) => r.summary)).toEqual([
      `Restored from revision of ${list?.revisions[2].createdLabel}`,
      'Changed title, excerpt and tags',
      'Earliest saved version',
    ])
  })

  it('refuses a contributor who would publish by restoring, and writes nothing', async () => {
    const created = await createArticle(
      input({ authorId: contributor.id, status: 'published' }),
      editor,
    )
    // Returned to its writer as a draft.
    await updateArticle(
      created.id,
      input({ authorId: contributor.id, title: 'Draft again' }),
      editor,
    )
    const [published] = await revisionsOf(created.id)
    const error = await restoreRevision(created.id, published.id, contributor).catch((e) => e)
    expect(error).toBeInstanceOf(ArticleFieldError)
    expect(error).toMatchObject({ code: 'STATUS_REFUSED', status: 403 })
    expect(await row(created.id)).toMatchObject({ status: 'draft', title: 'Draft again' })
    expect(await revisionsOf(created.id)).toHaveLength(2)
    // A draft revision of their own draft is theirs to restore.
    const [, draft] = await revisionsOf(created.id)
    await restoreRevision(created.id, draft.id, contributor)
    expect(await revisionsOf(created.id)).toHaveLength(3)
  })

  it('is a conflict when the article changed since the editor compared', async () => {
    const created = await createArticle(input(), editor)
    const [first] = await revisionsOf(created.id)
    const seen = (await row(created.id)).updatedAt
    await updateArticle(created.id, input({ title: 'Someone else' }), editor)
    const error = await restoreRevision(created.id, first.id, editor, {
      expectedUpdatedAt: seen,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(ArticleError)
    expect(error).toMatchObject({ code: 'CONFLICT' })
  })

  it('says so when the revision is not the article’s', async () => {
    const one = await createArticle(input(), editor)
    const other = await createArticle(input(), editor)
    const [revision] = await revisionsOf(other.id)
    await expect(restoreRevision(one.id, revision.id, editor)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})

describe('revised_at', () => {
  it('is set by a manual save that changes what readers of a live article see', async () => {
    const created = await createArticle(input({ status: 'published' }), editor, {
      now: new Date(Date.now() - 3_600_000),
    })
    expect((await row(created.id)).revisedAt).toBeNull()
    // Tags alone are not a change to the text readers read.
    await updateArticle(created.id, input({ status: 'published', newTags: ['Other'] }), editor)
    expect((await row(created.id)).revisedAt).toBeNull()
    const now = new Date()
    await updateArticle(created.id, input({ status: 'published', title: 'New title' }), editor, {
      now,
    })
    expect((await row(created.id)).revisedAt).toEqual(now)
  })

  it('is not set by saves before publication', async () => {
    const created = await createArticle(input(), editor)
    await updateArticle(created.id, input({ title: 'Still a draft' }), editor)
    await updateArticle(created.id, input({ title: 'Now out', status: 'published' }), editor)
    expect((await row(created.id)).revisedAt).toBeNull()
  })
})

describe('the access level in revisions', () => {
  it('keeps it with each save, says when it changed, and a restore brings it back', async () => {
    const saved = await createArticle(
      input({ access: 'members', freeForNow: true, previewParagraphs: 2 }),
      editor,
    )
    const opened = await updateArticle(saved.id, input({ access: 'everyone' }), editor)
    const [first, second] = await revisionsOf(saved.id)
    expect(first).toMatchObject({
      access: 'members',
      accessPlanIds: [],
      freeForNow: true,
      previewParagraphs: 2,
    })
    expect(second).toMatchObject({ access: 'everyone', freeForNow: false })

    const list = await listRevisions(saved.id)
    expect(list!.revisions[0]!.summary).toBe('Changed access')
    expect(list!.revisions[1]!.access).toMatchObject({ access: 'members', freeForNow: true })
    expect((await compareRevision(saved.id, first!.id))!.otherChanges).toContain('access')

    await restoreRevision(saved.id, first!.id, editor, {
      expectedUpdatedAt: opened.updatedAt,
    })
    expect(await row(saved.id)).toMatchObject({
      access: 'members',
      freeForNow: true,
      previewParagraphs: 2,
    })
  })

  it('leaves the article’s access alone when restoring a revision kept before access levels', async () => {
    const saved = await createArticle(input({ access: 'registered' }), editor)
    const [old] = await revisionsOf(saved.id)
    await getDb()
      .update(articleRevisions)
      .set({ access: null, accessPlanIds: null, freeForNow: null, previewParagraphs: null })
      .where(eq(articleRevisions.id, old!.id))
    await restoreRevision(saved.id, old!.id, editor)
    expect((await row(saved.id))!.access).toBe('registered')
    expect((await compareRevision(saved.id, old!.id))!.otherChanges).not.toContain('access')
  })
})
