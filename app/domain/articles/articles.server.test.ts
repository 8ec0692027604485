import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories, profiles, tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { changeArticleSlug } from './article-slug.server'
import { getPublishedArticleBySlug, listPublishedArticles } from './articles-queries.server'
import {
  ArticleError,
  articleTagIds,
  autosaveArticle,
  createArticle,
  deleteArticle,
  setArticleStatus,
  updateArticle,
} from './articles.server'
import { articleDraftSchema, articleFormSchema, type ArticleInput } from './articles-schema'
import { TagError } from '~/domain/tags/tags.server'

// The saves' own rules are tested here; which fields each role may change is
// article-field-rules.server.test.ts: this writer is an editor, whom the field rules let do all.
let author: { id: string; role: 'editor' }

beforeAll(async () => {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `writer-${id}@example.com`, username: 'writer', role: 'editor' })
  author = { id, role: 'editor' }
})

function input(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    ...articleFormSchema.parse({ title: 'Ferry timetable changes', content: '<p>Body</p>' }),
    ...overrides,
  }
}

async function row(id: number) {
  const [found] = await getDb().select().from(articles).where(eq(articles.id, id))
  return found
}

async function tagNamesOf(articleId: number) {
  const ids = await articleTagIds(articleId)
  if (ids.length === 0) return []
  const rows = await getDb().select().from(tags)
  return rows
    .filter((tag) => ids.includes(tag.id))
    .map((tag) => tag.name)
    .sort()
}

async function articleCount() {
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(articles)
  return n
}

async function expectCode(promise: Promise<unknown>, code: ArticleError['code']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ArticleError)
  expect((error as ArticleError).code).toBe(code)
  return error as ArticleError
}

describe('createArticle', () => {
  it('stores the article with a slug from its title, the author and sanitised content', async () => {
    const saved = await createArticle(
      input({ title: 'Mayor’s plan: 3 new parks!', excerpt: 'Short', isFeatured: true }),
      author,
    )
    const stored = await row(saved.id)
    expect(stored).toMatchObject({
      title: 'Mayor’s plan: 3 new parks!',
      slug: 'mayor-s-plan-3-new-parks',
      excerpt: 'Short',
      content: '<p>Body</p>',
      status: 'draft',
      publishedAt: null,
      isFeatured: true,
      authorId: author.id,
    })
  })

  it('uses the author given by the form over the signed-in user', async () => {
    const other = crypto.randomUUID()
    await getDb()
      .insert(profiles)
      .values({ id: other, email: `other-${other}@example.com` })
    const saved = await createArticle(input({ authorId: other }), author)
    expect((await row(saved.id)).authorId).toBe(other)
  })

  it('makes published slugs unique across the whole table with -2, -3', async () => {
    const title = 'Tide tables for the week'
    const first = await createArticle(input({ title, status: 'published' }), author)
    const second = await createArticle(input({ title, status: 'published' }), author)
    const third = await createArticle(input({ title, status: 'hidden' }), author)
    expect([first.slug, second.slug, third.slug]).toEqual([
      'tide-tables-for-the-week',
      'tide-tables-for-the-week-2',
      'tide-tables-for-the-week-3',
    ])
  })

  it('gives drafts a provisional slug that blocks no one', async () => {
    const title = 'Harbour dredging'
    const first = await createArticle(input({ title }), author)
    const second = await createArticle(input({ title, status: 'review' }), author)
    expect([first.slug, second.slug]).toEqual(['harbour-dredging', 'harbour-dredging'])
    const published = await createArticle(input({ title, status: 'published' }), author)
    expect(published.slug).toBe('harbour-dredging')
    expect(await row(first.id)).toMatchObject({ slug: 'harbour-dredging', slugClaimed: false })
    expect(await row(published.id)).toMatchObject({ slugClaimed: true })
  })

  it('stores the video flag and URL, and drops the URL of a non-video article', async () => {
    const video = await createArticle(
      input({ hasVideo: true, videoUrl: 'https://vimeo.com/76979871' }),
      author,
    )
    expect(await row(video.id)).toMatchObject({
      hasVideo: true,
      videoUrl: 'https://vimeo.com/76979871',
    })
    const plain = await createArticle(
      input({ hasVideo: false, videoUrl: 'https://vimeo.com/76979871' }),
      author,
    )
    expect(await row(plain.id)).toMatchObject({ hasVideo: false, videoUrl: null })
  })

  it('links existing tags by id and creates new ones by name', async () => {
    const [existing] = await getDb()
      .insert(tags)
      .values({ name: 'Harbour', slug: 'harbour' })
      .returning()
    const saved = await createArticle(
      input({ tags: [existing.id], newTags: ['Ferries', 'Night shift'] }),
      author,
    )
    expect(await tagNamesOf(saved.id)).toEqual(['Ferries', 'Harbour', 'Night shift'])
    const [nightShift] = await getDb().select().from(tags).where(eq(tags.name, 'Night shift'))
    expect(nightShift.slug).toBe('night-shift')
  })

  it('matches tag names ignoring case and links a repeated tag once', async () => {
    await getDb().insert(tags).values({ name: 'Weather', slug: 'weather' })
    const saved = await createArticle(
      input({ newTags: ['weather', 'WEATHER', 'Storms', 'storms'] }),
      author,
    )
    expect(await tagNamesOf(saved.id)).toEqual(['Storms', 'Weather'])
    const weather = await getDb()
      .select()
      .from(tags)
      .where(sql`lower(${tags.name}) = 'weather'`)
    expect(weather).toHaveLength(1)
  })

  it('gives a new tag whose slug is taken the next free suffix', async () => {
    await getDb().insert(tags).values({ name: 'Local news', slug: 'local-news' })
    const saved = await createArticle(input({ newTags: ['Local-News!'] }), author)
    const [created] = await getDb().select().from(tags).where(eq(tags.name, 'Local-News!'))
    expect(created.slug).toBe('local-news-2')
    expect(await tagNamesOf(saved.id)).toEqual(['Local-News!'])
  })

  it('refuses a new tag name with no letters or numbers, saving nothing', async () => {
    const before = await articleCount()
    const error = await createArticle(input({ newTags: ['Kept out', '!!!'] }), author).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(TagError)
    expect(error).toMatchObject({ code: 'INVALID_NAME', status: 400 })
    expect(await articleCount()).toBe(before)
    expect(await getDb().select().from(tags).where(eq(tags.name, 'Kept out'))).toEqual([])
  })

  it('saves nothing when a tag link fails, not even the new tags', async () => {
    const before = await articleCount()
    const error = await expectCode(
      createArticle(
        input({ title: 'Rolled back', tags: [987654], newTags: ['Never stored'] }),
        author,
      ),
      'SAVE_FAILED',
    )
    expect(error.message).toBe('A tag on this article no longer exists. Remove it and try again.')
    expect(await articleCount()).toBe(before)
    expect(await getDb().select().from(tags).where(eq(tags.name, 'Never stored'))).toEqual([])
  })

  it('saves nothing when the category does not exist, and says so', async () => {
    const before = await articleCount()
    const error = await expectCode(
      createArticle(input({ categoryId: 987654 }), author),
      'SAVE_FAILED',
    )
    expect(error.message).toBe('The chosen category no longer exists. Choose another one.')
    expect(await articleCount()).toBe(before)
  })

  it('saves nothing when the author does not exist, and says so', async () => {
    const before = await articleCount()
    const error = await expectCode(
      createArticle(input({ authorId: 'no-such-user' }), author),
      'SAVE_FAILED',
    )
    expect(error.message).toBe('The author of this article no longer exists.')
    expect(await articleCount()).toBe(before)
  })
})

describe('sanitising', () => {
  it('removes scripts, event handlers, hostile URLs and styles before storing', async () => {
    const hostile = [
      '<p style="color:red" onclick="alert(1)">Hello <script>alert(2)</script>world</p>',
      '<img src="x.png" onerror="alert(3)">',
      '<a href="javascript:alert(4)">js</a>',
      '<a href="data:text/html,<script>alert(5)</script>">data</a>',
      '<img src="data:image/png;base64,AAAA" alt="d">',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="https://example.com">ok</a>',
    ].join('')
    const saved = await createArticle(input({ content: hostile }), author)
    const { content } = await row(saved.id)
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|data:|style=|iframe/i)
    expect(content).toContain('<p>Hello world</p>')
    expect(content).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    )
  })

  it('drops the empty paragraphs the editor keeps at the end', async () => {
    const saved = await createArticle(
      input({ content: '<p>Text</p><p></p><blockquote><p>Q</p></blockquote><p></p><p><br></p>' }),
      author,
    )
    expect((await row(saved.id)).content).toBe(
      '<p>Text</p><p></p><blockquote><p>Q</p></blockquote>',
    )
  })

  it('refuses content that sanitises down to nothing', async () => {
    const error = await expectCode(
      createArticle(input({ content: '<script>alert(1)</script><p> </p>' }), author),
      'EMPTY_CONTENT',
    )
    expect(error.message).toBe('Content is required')
  })

  it('sanitises on update too', async () => {
    const saved = await createArticle(input(), author)
    await updateArticle(
      saved.id,
      input({ content: '<p onmouseover="x()">Edited<img src=x onerror=alert(1)></p>' }),
      author,
    )
    expect((await row(saved.id)).content).toBe('<p>Edited<img src="x" /></p>')
  })
})

describe('updateArticle', () => {
  it('forgets an extension of the breaking-news bar once the tag is taken off', async () => {
    const saved = await createArticle(input({ newTags: ['Breaking News', 'Harbour'] }), author)
    const until = new Date(Date.now() + 30 * 3_600_000)
    await getDb().update(articles).set({ breakingUntil: until }).where(eq(articles.id, saved.id))
    // Saved again still tagged: the editor's time stands.
    await updateArticle(saved.id, input({ newTags: ['Breaking News', 'Harbour'] }), author)
    expect((await row(saved.id)).breakingUntil).toEqual(until)
    await updateArticle(saved.id, input({ newTags: ['Harbour'] }), author)
    expect((await row(saved.id)).breakingUntil).toBeNull()
  })

  it('replaces the tags, and an empty list removes them all', async () => {
    const saved = await createArticle(input({ newTags: ['Alpha', 'Beta'] }), author)
    await updateArticle(saved.id, input({ newTags: ['Gamma'] }), author)
    expect(await tagNamesOf(saved.id)).toEqual(['Gamma'])
    await updateArticle(saved.id, input({ tags: [], newTags: [] }), author)
    expect(await tagNamesOf(saved.id)).toEqual([])
  })

  it('keeps everything as it was when a tag link fails', async () => {
    const saved = await createArticle(input({ title: 'Before', newTags: ['Kept'] }), author)
    await expectCode(
      updateArticle(saved.id, input({ title: 'After', tags: [987654] }), author),
      'SAVE_FAILED',
    )
    expect(await row(saved.id)).toMatchObject({ title: 'Before', slug: 'before' })
    expect(await tagNamesOf(saved.id)).toEqual(['Kept'])
  })

  it('follows the title with the slug until the article is published, then keeps it', async () => {
    const saved = await createArticle(input({ title: 'Working title' }), author)
    const retitled = await updateArticle(saved.id, input({ title: 'Final title' }), author)
    expect(retitled.slug).toBe('final-title')
    const unchanged = await updateArticle(saved.id, input({ title: 'Final title' }), author)
    expect(unchanged.slug).toBe('final-title')
    await updateArticle(saved.id, input({ title: 'Final title', status: 'published' }), author)
    const published = await updateArticle(
      saved.id,
      input({ title: 'Corrected title', status: 'published' }),
      author,
    )
    expect(published.slug).toBe('final-title')
  })

  it('moves published_at as the article enters and leaves published', async () => {
    const t0 = new Date('2025-03-01T10:00:00Z')
    const t1 = new Date('2025-03-02T10:00:00Z')
    const t2 = new Date('2025-03-03T10:00:00Z')
    const saved = await createArticle(input(), author, { now: t0 })
    expect(saved.publishedAt).toBeNull()

    const published = await updateArticle(saved.id, input({ status: 'published' }), author, {
      now: t1,
    })
    expect(published.publishedAt).toEqual(t1)

    const resaved = await updateArticle(saved.id, input({ status: 'published' }), author, {
      now: t2,
    })
    expect(resaved.publishedAt).toEqual(t1)

    const draft = await updateArticle(saved.id, input({ status: 'draft' }), author, { now: t2 })
    expect(draft.publishedAt).toBeNull()
  })

  it('refuses to overwrite changes made since the editor opened the article', async () => {
    const saved = await createArticle(input({ title: 'Original' }), author)
    const opened = saved.updatedAt
    await updateArticle(saved.id, input({ title: 'Someone else' }), author, {
      expectedUpdatedAt: opened,
      now: new Date(opened.getTime() + 1000),
    })
    const error = await expectCode(
      updateArticle(saved.id, input({ title: 'Mine' }), author, { expectedUpdatedAt: opened }),
      'CONFLICT',
    )
    expect(error.message).toMatch(/^This article was changed by someone else since you opened it/)
    expect((await row(saved.id)).title).toBe('Someone else')

    await updateArticle(saved.id, input({ title: 'Mine' }), author, {
      expectedUpdatedAt: opened,
      overwrite: true,
    })
    expect((await row(saved.id)).title).toBe('Mine')
  })

  it('reports an article that no longer exists', async () => {
    await expectCode(updateArticle(987654, input(), author), 'NOT_FOUND')
  })
})

describe('scheduling', () => {
  it('keeps a future article from readers until its time, then shows it', async () => {
    const [category] = await getDb()
      .insert(categories)
      .values({ name: 'Schedule desk', slug: 'schedule-desk' })
      .returning()
    const future = new Date(Date.now() + 3_600_000)
    const saved = await createArticle(
      input({
        title: 'Embargoed report',
        status: 'published',
        publishedAt: future,
        categoryId: category.id,
      }),
      author,
    )
    expect(saved.publishedAt).toEqual(future)
    expect(await getPublishedArticleBySlug(saved.slug)).toBeNull()
    expect((await listPublishedArticles({ categoryId: category.id })).items).toEqual([])

    // The clock reaching the embargo, simulated by moving the date into the past.
    await getDb()
      .update(articles)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(articles.id, saved.id))
    expect((await getPublishedArticleBySlug(saved.slug))?.title).toBe('Embargoed report')
    expect(
      (await listPublishedArticles({ categoryId: category.id })).items.map((a) => a.id),
    ).toEqual([saved.id])
  })
})

describe('autosaveArticle', () => {
  it('creates a draft for a new article whatever status the form shows, then edits it', async () => {
    const created = await autosaveArticle(
      null,
      { ...input({ title: 'Autosaved', status: 'published' }), content: '' },
      author,
    )
    expect(created.status).toBe('draft')
    expect(created.publishedAt).toBeNull()
    const again = await autosaveArticle(
      created.id,
      { ...input({ title: 'Autosaved again', status: 'published' }), newTags: ['Auto'] },
      author,
      { expectedUpdatedAt: created.updatedAt },
    )
    expect(again.id).toBe(created.id)
    expect(await row(created.id)).toMatchObject({
      title: 'Autosaved again',
      status: 'draft',
      publishedAt: null,
    })
    expect(await tagNamesOf(created.id)).toEqual(['Auto'])
  })

  it('never touches an article that is no longer a draft', async () => {
    const saved = await createArticle(input({ title: 'Live piece', status: 'published' }), author)
    await expectCode(
      autosaveArticle(saved.id, input({ title: 'Half-written' }), author),
      'NOT_DRAFT',
    )
    expect((await row(saved.id)).title).toBe('Live piece')
  })

  it('does not overwrite someone else’s changes', async () => {
    const saved = await createArticle(input({ title: 'Shared draft' }), author)
    await updateArticle(saved.id, input({ title: 'Their edit' }), author, {
      now: new Date(saved.updatedAt.getTime() + 1000),
    })
    await expectCode(
      autosaveArticle(saved.id, input({ title: 'My autosave' }), author, {
        expectedUpdatedAt: saved.updatedAt,
      }),
      'CONFLICT',
    )
  })
})

describe('slugs claimed at publication (issue 36)', () => {
  it('stores nothing for an untouched new form', async () => {
    const before = await articleCount()
    const empty = articleDraftSchema.parse({ title: '  ', content: '<p></p>' })
    await expectCode(autosaveArticle(null, empty, author), 'EMPTY_CONTENT')
    expect(await articleCount()).toBe(before)
  })

  it('keeps a draft of body text that has no title yet', async () => {
    const untitled = articleDraftSchema.parse({ title: '', content: '<p>First lines</p>' })
    const saved = await autosaveArticle(null, untitled, author)
    expect(await row(saved.id)).toMatchObject({ title: '', slug: 'untitled', slugClaimed: false })
  })

  it('lets an abandoned draft take no address from a later published story', async () => {
    const abandoned = await autosaveArticle(
      null,
      articleDraftSchema.parse({ title: 'Budget vote', content: '' }),
      author,
    )
    expect(abandoned.slug).toBe('budget-vote')
    const story = await createArticle(input({ title: 'Budget vote', status: 'published' }), author)
    expect(story.slug).toBe('budget-vote')
    expect((await getPublishedArticleBySlug('budget-vote'))?.id).toBe(story.id)
  })

  it('decides the -2 when a draft whose provisional slug is taken is published', async () => {
    const draft = await createArticle(input({ title: 'Rates rise' }), author)
    const story = await createArticle(input({ title: 'Rates rise', status: 'published' }), author)
    const published = await updateArticle(
      draft.id,
      input({ title: 'Rates rise', status: 'published' }),
      author,
    )
    expect([story.slug, published.slug]).toEqual(['rates-rise', 'rates-rise-2'])
    expect(await row(draft.id)).toMatchObject({ slug: 'rates-rise-2', slugClaimed: true })
  })

  it('claims a slug an editor types on a draft, which then no longer follows the title', async () => {
    const other = await createArticle(input({ title: 'Pier reopens' }), author)
    const draft = await createArticle(input({ title: 'Pier works' }), author)
    const moved = await changeArticleSlug(draft.id, 'pier-reopens', author)
    expect(moved.slug).toBe('pier-reopens')
    const retitled = await updateArticle(draft.id, input({ title: 'Pier reopens at last' }), author)
    expect(retitled.slug).toBe('pier-reopens')
    // The other draft's provisional slug stays its own and is decided when it is published.
    const published = await updateArticle(
      other.id,
      input({ title: 'Pier reopens', status: 'published' }),
      author,
    )
    expect(published.slug).toBe('pier-reopens-2')
  })

  it('claims the slug when a draft is archived from the dashboard', async () => {
    await createArticle(input({ title: 'Ferry strike', status: 'published' }), author)
    const draft = await createArticle(input({ title: 'Ferry strike' }), author)
    const archived = await setArticleStatus(draft.id, 'archive', author)
    expect(archived.slug).toBe('ferry-strike-2')
  })
})

describe('setArticleStatus', () => {
  it('archives, clearing the publication date', async () => {
    const saved = await createArticle(input({ status: 'published' }), author)
    const archived = await setArticleStatus(saved.id, 'archive', author)
    expect(archived).toMatchObject({ status: 'archived', publishedAt: null })
  })

  it('hides and shows again under the first publication date', async () => {
    const first = new Date('2025-02-01T09:00:00Z')
    const saved = await createArticle(input({ status: 'published' }), author, { now: first })
    const hidden = await setArticleStatus(saved.id, 'hide', author)
    expect(hidden).toMatchObject({ status: 'hidden', publishedAt: first })
    expect(await getPublishedArticleBySlug(saved.slug)).toBeNull()
    const shown = await setArticleStatus(saved.id, 'show', author)
    expect(shown).toMatchObject({ status: 'published', publishedAt: first })
    expect((await getPublishedArticleBySlug(saved.slug))?.id).toBe(saved.id)
  })

  it('publishes a never-published hidden article now', async () => {
    const saved = await createArticle(input(), author)
    await setArticleStatus(saved.id, 'hide', author)
    const now = new Date('2025-04-04T04:04:04Z')
    expect(await setArticleStatus(saved.id, 'show', author, { now })).toMatchObject({
      status: 'published',
      publishedAt: now,
    })
  })

  it('reports an article that no longer exists', async () => {
    await expectCode(setArticleStatus(987654, 'hide', author), 'NOT_FOUND')
  })
})

describe('deleteArticle', () => {
  it('deletes the article and its tag links but keeps the tags', async () => {
    const saved = await createArticle(input({ newTags: ['Survivor'] }), author)
    await deleteArticle(saved.id)
    expect(await row(saved.id)).toBeUndefined()
    expect(await articleTagIds(saved.id)).toEqual([])
    expect(await getDb().select().from(tags).where(eq(tags.name, 'Survivor'))).toHaveLength(1)
    await expectCode(deleteArticle(saved.id), 'NOT_FOUND')
  })
})
