import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles, profiles, tags } from '@db/schema/index'
import { onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { insertArticle, insertTag } from '../../../tests/setup/content-fixtures'
import {
  announceExpiredBreakingNews,
  announceScheduledPublications,
  articleChangeKeys,
  NEWS_SITEMAP_KEY,
  NEWS_SITEMAP_WINDOW_MS,
  readArticleFacts,
  type ArticleFacts,
} from './article-changes.server'
import { updateArticle } from './articles.server'
import { articleFormSchema } from './articles-schema'
import { BREAKING_NEWS_TAG } from './articles-queries.server'

const facts = (overrides: Partial<ArticleFacts> = {}): ArticleFacts => ({
  id: 1,
  slug: 'story',
  title: 'Story',
  isPublic: true,
  isScheduled: false,
  publishedAt: 1_000,
  categoryId: 2,
  authorId: 'u1',
  isFeatured: false,
  tagIds: [3, 4],
  isBreaking: false,
  breakingUntil: null,
  ...overrides,
})

describe('articleChangeKeys', () => {
  it('names nothing for a draft saved or autosaved', () => {
    const draft = facts({ isPublic: false, publishedAt: null })
    expect(articleChangeKeys(draft, { ...draft, slug: 'other' })).toEqual([])
    expect(articleChangeKeys(null, draft)).toEqual([])
  })

  it('names only the article (and search) for an edit of what a published article says', () => {
    expect(articleChangeKeys(facts(), facts()).sort()).toEqual(['article:1', 'search'])
  })

  it('names the lists it joins or leaves when published, moved or unpublished', () => {
    const published = articleChangeKeys(facts({ isPublic: false }), facts())
    expect(published.sort()).toEqual(
      ['article:1', 'author:u1', 'category:2', 'front', 'search', 'tag:3', 'tag:4'].sort(),
    )
    const moved = articleChangeKeys(facts(), facts({ categoryId: 5 }))
    expect(moved).toContain('category:2')
    expect(moved).toContain('category:5')
    expect(articleChangeKeys(facts(), null)).toContain('front')
  })

  it('names the breaking-news bar for a public breaking article, and schedule for a new time', () => {
    expect(articleChangeKeys(facts({ isBreaking: true }), facts({ isBreaking: true }))).toContain(
      'breaking',
    )
    const scheduled = facts({ isPublic: false, isScheduled: true, publishedAt: 9_000 })
    expect(articleChangeKeys(null, scheduled)).toEqual(['schedule'])
  })
})

describe('articleChangeKeys and the news sitemap', () => {
  const now = 10 * NEWS_SITEMAP_WINDOW_MS
  const recent = facts({ publishedAt: now - 60_000 })
  const old = facts({ publishedAt: now - NEWS_SITEMAP_WINDOW_MS - 60_000 })

  it('names the news sitemap for a new title within its window, without the lists', () => {
    const keys = articleChangeKeys(recent, { ...recent, title: 'Story, corrected' }, now)
    expect(keys.sort()).toEqual(['article:1', NEWS_SITEMAP_KEY, 'search'])
  })

  it('leaves it out for an older article, the same title, or an article no reader sees', () => {
    expect(articleChangeKeys(old, { ...old, title: 'Story, corrected' }, now)).not.toContain(
      NEWS_SITEMAP_KEY,
    )
    expect(articleChangeKeys(recent, { ...recent }, now)).not.toContain(NEWS_SITEMAP_KEY)
    const draft = facts({ isPublic: false, publishedAt: now - 60_000 })
    expect(articleChangeKeys(draft, { ...draft, title: 'Other' }, now)).toEqual([])
  })
})

describe('a published article’s new title, saved', () => {
  async function editor() {
    const id = crypto.randomUUID()
    const email = `edna-${id.slice(0, 8)}@example.com`
    await getDb()
      .insert(profiles)
      .values({ id, email, username: `edna-${id.slice(0, 8)}`, role: 'editor' })
    return { id, role: 'editor' as const, email }
  }

  async function keysOfRetitling(hoursAgo: number) {
    const actor = await editor()
    const story = await insertArticle({ hoursAgo, authorId: actor.id })
    const heard: string[] = []
    const stop = onContentChanged((keys) => heard.push(...keys))
    try {
      const input = articleFormSchema.parse({
        title: `${story.title}, corrected`,
        excerpt: story.excerpt,
        content: story.content,
        status: 'published',
        authorId: actor.id,
      })
      await updateArticle(story.id, input, actor)
    } finally {
      stop()
    }
    return { story, heard }
  }

  it('announces the news sitemap when the article is within its two days', async () => {
    const { story, heard } = await keysOfRetitling(3)
    expect(heard).toContain(`article:${story.id}`)
    expect(heard).toContain(NEWS_SITEMAP_KEY)
  })

  it('does not when the article is older than the news sitemap shows', async () => {
    const { story, heard } = await keysOfRetitling(24 * 3)
    expect(heard).toContain(`article:${story.id}`)
    expect(heard).not.toContain(NEWS_SITEMAP_KEY)
  })
})

describe('readArticleFacts', () => {
  it('reads an article with no tag as off the breaking-news bar, and one tagged breaking-news as on it', async () => {
    const plain = await insertArticle()
    expect(await readArticleFacts(plain.id)).toMatchObject({
      isPublic: true,
      isBreaking: false,
      tagIds: [],
    })
    const breaking = await insertTag({ name: 'Breaking News', slug: BREAKING_NEWS_TAG })
    const other = await insertTag()
    const tagged = await insertArticle({ tagIds: [other.id] })
    expect(await readArticleFacts(tagged.id)).toMatchObject({
      isBreaking: false,
      tagIds: [other.id],
    })
    const onBar = await insertArticle({ tagIds: [breaking.id] })
    expect(await readArticleFacts(onBar.id)).toMatchObject({ isBreaking: true })
  })
})

describe('announceScheduledPublications', () => {
  it('announces an article whose publication time came, not one published at once', async () => {
    const at = new Date()
    const scheduled = await insertArticle({ publishedAt: at })
    const atOnce = await insertArticle({ publishedAt: at })
    // Scheduled an hour before its time; the other written at its publication time.
    const hourBefore = new Date(at.getTime() - 3_600_000)
    await getDb()
      .update(articles)
      .set({ updatedAt: hourBefore })
      .where(eq(articles.id, scheduled.id))
    await getDb().update(articles).set({ updatedAt: at }).where(eq(articles.id, atOnce.id))
    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      expect(await announceScheduledPublications(new Date(at.getTime() + 1000))).toBe(1)
    } finally {
      stop()
    }
    expect(heard).toHaveLength(1)
    expect(heard[0]).toEqual(
      expect.arrayContaining([`article:${scheduled.id}`, 'front', 'schedule']),
    )
    expect(heard[0]).not.toContain(`article:${atOnce.id}`)
  })
})

describe('announceExpiredBreakingNews', () => {
  it('announces the bar when an item runs out by itself, and not while nothing has', async () => {
    // The tag as an earlier test of this file left it, or new.
    const [existing] = await getDb().select().from(tags).where(eq(tags.slug, BREAKING_NEWS_TAG))
    const breaking =
      existing ?? (await insertTag({ name: 'Breaking News', slug: BREAKING_NEWS_TAG }))
    const item = await insertArticle({ tagIds: [breaking.id], publishedAt: new Date() })
    const until = new Date(Date.now() + 60_000)
    await getDb().update(articles).set({ breakingUntil: until }).where(eq(articles.id, item.id))
    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      // Still on the bar: nothing to say.
      expect(await announceExpiredBreakingNews(new Date(until.getTime() - 1000))).toBe(false)
      expect(heard).toEqual([])
      // Its time ran out since the last look: every page that shows the bar changes.
      expect(await announceExpiredBreakingNews(new Date(until.getTime() + 1000))).toBe(true)
      expect(heard).toEqual([['breaking']])
      // Said once: the next look finds nothing new.
      expect(await announceExpiredBreakingNews(new Date(until.getTime() + 2000))).toBe(false)
      expect(heard).toHaveLength(1)
    } finally {
      stop()
    }
  })
})
