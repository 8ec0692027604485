import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles, tags } from '@db/schema/index'
import { onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { insertArticle, insertTag } from '../../../tests/setup/content-fixtures'
import {
  announceExpiredBreakingNews,
  announceScheduledPublications,
  articleChangeKeys,
  readArticleFacts,
  type ArticleFacts,
} from './article-changes.server'
import { BREAKING_NEWS_TAG } from './articles-queries.server'

const facts = (overrides: Partial<ArticleFacts> = {}): ArticleFacts => ({
  id: 1,
  slug: 'story',
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
