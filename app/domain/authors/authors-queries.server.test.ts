import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { profiles } from '@db/schema/index'
import { toArticleView } from '~/domain/articles/article-view.server'
import {
  getPublishedArticleBySlug,
  listPublishedArticles,
} from '~/domain/articles/articles-queries.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import {
  findAuthor,
  getOwnAuthorProfile,
  listAuthorsForSitemap,
  withBylines,
} from './authors-queries.server'

beforeEach(clearContent)

async function writer(fields: { displayName?: string; bio?: string; image?: string } = {}) {
  const user = await createTestUser({ role: 'author' })
  if (Object.keys(fields).length > 0) {
    await getDb().update(profiles).set(fields).where(eq(profiles.id, user.id))
  }
  const [row] = await getDb().select().from(profiles).where(eq(profiles.id, user.id))
  return { ...user, username: row.username! }
}

async function bylineOf(slug: string) {
  const article = await getPublishedArticleBySlug(slug)
  return article ? (toArticleView(article).authors[0] ?? null) : undefined
}

describe('the byline readers see', () => {
  it('is the display name, else Staff (never the username), else nobody (Anonymous)', async () => {
    const named = await writer({ displayName: 'Maya Okafor' })
    const plain = await writer()
    const blank = await writer({ displayName: '   ' })
    await insertArticle({ slug: 'named', authorId: named.id, title: 'Ferry named' })
    await insertArticle({ slug: 'plain', authorId: plain.id, title: 'Ferry plain' })
    await insertArticle({ slug: 'blank', authorId: blank.id, title: 'Ferry blank' })
    await insertArticle({ slug: 'nobody', authorId: null, title: 'Ferry nobody' })

    expect(await bylineOf('named')).toEqual({
      name: 'Maya Okafor',
      username: named.username,
      path: `/author/${named.username}`,
    })
    // Issue 42: an account without a name signs "Staff", unlinked (its page sits under the
    // username), however blank its display name is.
    const staff = { name: 'Staff', username: null, path: null }
    expect(await bylineOf('plain')).toEqual(staff)
    expect(await bylineOf('blank')).toEqual(staff)
    expect(await bylineOf('nobody')).toBeNull()

    // Search results carry the same name (docs/product.md §2: "By {author}").
    const { results } = await searchArticles('ferry')
    const names = Object.fromEntries(results.map((r) => [r.title, r.authorName]))
    expect(names).toEqual({
      'Ferry named': 'Maya Okafor',
      'Ferry plain': 'Staff',
      'Ferry blank': 'Staff',
      'Ferry nobody': null,
    })
  })

  it('gives the feeds each listed article’s byline', async () => {
    const named = await writer({ displayName: 'Maya Okafor' })
    const plain = await writer()
    await insertArticle({ slug: 'named', authorId: named.id })
    await insertArticle({ slug: 'plain', authorId: plain.id })
    await insertArticle({ slug: 'nobody', authorId: null })
    await insertArticle({ slug: 'together', authorId: plain.id, coAuthorIds: [named.id] })
    const { items } = await listPublishedArticles()
    const names = Object.fromEntries(
      (await withBylines(items)).map((item) => [item.slug, item.authorNames]),
    )
    expect(names).toEqual({
      named: ['Maya Okafor'],
      plain: ['Staff'],
      nobody: [],
      together: ['Staff', 'Maya Okafor'],
    })
  })

  it('never carries the account’s address or role', async () => {
    const named = await writer({ displayName: 'Maya Okafor' })
    await insertArticle({ slug: 'story', authorId: named.id })
    const view = toArticleView((await getPublishedArticleBySlug('story'))!)
    expect(JSON.stringify(view)).not.toContain(named.email)
    expect(JSON.stringify(view)).not.toContain('"role"')
  })
})

describe('findAuthor', () => {
  it('finds an author by username ignoring case, with name, bio and no address', async () => {
    const maya = await writer({ displayName: 'Maya Okafor', bio: 'Covers the harbour.' })
    await insertArticle({ authorId: maya.id })
    const found = await findAuthor(maya.username.toUpperCase())
    expect(found).toEqual({
      id: maya.id,
      username: maya.username,
      name: 'Maya Okafor',
      bio: 'Covers the harbour.',
      image: null,
      jobTitle: null,
      socialLinks: [],
    })
    expect(JSON.stringify(found)).not.toContain(maya.email)
  })

  it('gives the job title and only the web links of the author', async () => {
    const sam = await writer({ displayName: 'Sam Whitford' })
    await getDb()
      .update(profiles)
      .set({
        jobTitle: 'Sports writer',
        socialLinks: [
          { label: 'Website', url: 'https://example.org/sam' },
          { label: 'Trap', url: 'javascript:alert(1)' },
        ],
      })
      .where(eq(profiles.id, sam.id))
    await insertArticle({ authorId: sam.id })
    expect(await findAuthor(sam.username)).toMatchObject({
      jobTitle: 'Sports writer',
      socialLinks: [{ label: 'Website', url: 'https://example.org/sam' }],
    })
  })

  it('is nobody for an unknown name or an account with nothing public', async () => {
    const drafts = await writer()
    await insertArticle({ authorId: drafts.id, status: 'draft' })
    await insertArticle({ authorId: drafts.id, status: 'hidden', publishedAt: new Date() })
    await insertArticle({ authorId: drafts.id, status: 'published', hoursAgo: -5 })
    const reader = await createTestUser({ role: 'viewer' })
    expect(await findAuthor(drafts.username)).toBeNull()
    expect(await findAuthor(reader.email.split('@')[0])).toBeNull()
    expect(await findAuthor('no-such-writer')).toBeNull()
    expect(await findAuthor('')).toBeNull()
    expect(await findAuthor('x'.repeat(500))).toBeNull()
  })

  it('keeps the page of a former writer whose articles are still out', async () => {
    const former = await writer()
    await insertArticle({ authorId: former.id })
    await getDb().update(profiles).set({ role: 'viewer' }).where(eq(profiles.id, former.id))
    expect(await findAuthor(former.username)).not.toBeNull()
  })

  it('shows a picture only when it is one of the site’s own', async () => {
    const own = await writer({ image: '/media/media/abc-1.webp' })
    const foreign = await writer({ image: 'https://tracker.example/pixel.png' })
    await insertArticle({ authorId: own.id })
    await insertArticle({ authorId: foreign.id })
    expect((await findAuthor(own.username))?.image).toBe('/media/media/abc-1.webp')
    expect((await findAuthor(foreign.username))?.image).toBeNull()
  })
})

describe('an author’s articles', () => {
  it('lists only public articles, newest first, by page', async () => {
    const maya = await writer()
    const other = await writer()
    for (let i = 1; i <= 13; i++) {
      await insertArticle({ authorId: maya.id, title: `Story ${i}`, hoursAgo: i })
    }
    await insertArticle({ authorId: maya.id, title: 'Draft', status: 'draft' })
    await insertArticle({ authorId: maya.id, title: 'Scheduled', hoursAgo: -3 })
    await insertArticle({ authorId: maya.id, title: 'Archived', status: 'archived' })
    await insertArticle({ authorId: other.id, title: 'Someone else' })
    const first = await listPublishedArticles({ authorId: maya.id, pageSize: 12 })
    expect(first.total).toBe(13)
    expect(first.pageCount).toBe(2)
    expect(first.items.map((a) => a.title)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Story ${i + 1}`),
    )
    const second = await listPublishedArticles({ authorId: maya.id, pageSize: 12, page: 2 })
    expect(second.items.map((a) => a.title)).toEqual(['Story 13'])
  })
})

describe('listAuthorsForSitemap', () => {
  it('lists every author page with its newest publication, newest first', async () => {
    const older = await writer()
    const newer = await writer()
    const unpublished = await writer()
    await insertArticle({ authorId: older.id, hoursAgo: 30 })
    await insertArticle({ authorId: older.id, hoursAgo: 20 })
    await insertArticle({ authorId: newer.id, hoursAgo: 2 })
    await insertArticle({ authorId: unpublished.id, status: 'draft' })
    const entries = await listAuthorsForSitemap()
    expect(entries.map((e) => e.path)).toEqual([
      `/author/${newer.username}`,
      `/author/${older.username}`,
    ])
    expect(entries[1].lastPublished!.getTime()).toBeGreaterThan(Date.now() - 21 * 3_600_000)
  })
})

describe('getOwnAuthorProfile', () => {
  it('gives the fields to edit, and the page once something is public', async () => {
    const maya = await writer({ displayName: 'Maya Okafor' })
    expect(await getOwnAuthorProfile(maya.id)).toEqual({
      displayName: 'Maya Okafor',
      bio: '',
      image: null,
      name: 'Maya Okafor',
      pagePath: null,
    })
    await insertArticle({ authorId: maya.id })
    expect((await getOwnAuthorProfile(maya.id))?.pagePath).toBe(`/author/${maya.username}`)
    expect(await getOwnAuthorProfile('no-such-id')).toBeNull()
  })
})
