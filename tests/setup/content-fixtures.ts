import crypto from 'node:crypto'
import {
  articleBylines,
  articleTags,
  articleViews,
  articles,
  categories,
  profiles,
  tags,
} from '@db/schema/index'
import { getDb } from '../../app/infra/db.server'
import { usernameKey } from '../../app/lib/username'
import { announceChanged, EVERYTHING } from '../../app/infra/cache-keys.server'
import { clearMemoCaches } from '../../app/infra/memo-cache.server'
import { daysEndingOn } from '../../app/domain/articles/article-views-queries.server'
import { siteDay } from '../../app/domain/articles/view-counter.server'
import { getSiteSettings } from '../../app/domain/settings/settings-queries.server'

// Rows for integration tests of the public read models, written straight to the test
// database (no mocks): each call makes unique slugs so tests in one file never collide.

let counter = 0
const unique = (base: string) => `${base}-${++counter}-${Math.random().toString(36).slice(2, 7)}`

const HOUR = 3_600_000

/**
 * A staff account with no password (for domain writes that only need an author's id): an
 * editor unless asked otherwise, a unique username, and a display name when given.
 */
export async function insertStaff(
  fields: { role?: 'contributor' | 'author' | 'editor' | 'admin'; displayName?: string } = {},
) {
  const id = crypto.randomUUID()
  const username = unique('desk')
  await getDb()
    .insert(profiles)
    .values({
      id,
      email: `${username}@example.com`,
      username,
      usernameKey: usernameKey(username),
      role: fields.role ?? 'editor',
      displayName: fields.displayName ?? null,
    })
  return { id }
}

export async function insertCategory(
  fields: { name?: string; slug?: string; description?: string | null } = {},
) {
  const name = fields.name ?? unique('Category')
  const [row] = await getDb()
    .insert(categories)
    .values({
      name,
      slug: fields.slug ?? unique('category'),
      description: fields.description ?? null,
    })
    .returning()
  // Rows written past the domain: told as a change of everything, as a domain write would tell its own.
  announceChanged([EVERYTHING])
  return row
}

export async function insertTag(fields: { name?: string; slug?: string } = {}) {
  const [row] = await getDb()
    .insert(tags)
    .values({ name: fields.name ?? unique('Tag'), slug: fields.slug ?? unique('tag') })
    .returning()
  // Rows written past the domain: told as a change of everything, as a domain write would tell its own.
  announceChanged([EVERYTHING])
  return row
}

export interface ArticleFields {
  title?: string
  slug?: string
  excerpt?: string
  content?: string
  status?: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
  /** Hours before now (negative: in the future). Published articles default to 1 hour ago. */
  hoursAgo?: number
  publishedAt?: Date | null
  categoryId?: number | null
  isFeatured?: boolean
  featuredImage?: string | null
  hasVideo?: boolean
  videoUrl?: string | null
  authorId?: string | null
  /** Bylines after the first, in order (issue 40). */
  coAuthorIds?: string[]
  tagIds?: number[]
}

export async function insertArticle(fields: ArticleFields = {}) {
  const [row] = await insertArticles([fields])
  return row
}

/** Several articles in one statement (a test that needs many rows per case). */
export async function insertArticles(list: ArticleFields[]) {
  const rows = await getDb().insert(articles).values(list.map(articleValues)).returning()
  const tagged = rows.flatMap((row, index) =>
    (list[index].tagIds ?? []).map((tagId) => ({ articleId: row.id, tagId })),
  )
  if (tagged.length) await getDb().insert(articleTags).values(tagged)
  // The first byline is the trigger's (author_id); the later ones are written here.
  const bylines = rows.flatMap((row, index) =>
    (list[index].coAuthorIds ?? []).map((userId, at) => ({
      articleId: row.id,
      userId,
      position: at + 1,
    })),
  )
  if (bylines.length) await getDb().insert(articleBylines).values(bylines)
  // Rows written past the domain: told as a change of everything, as a domain write would tell its own.
  announceChanged([EVERYTHING])
  return rows
}

function articleValues(fields: ArticleFields) {
  const status = fields.status ?? 'published'
  const publishedAt =
    fields.publishedAt !== undefined
      ? fields.publishedAt
      : status === 'published'
        ? new Date(Date.now() - (fields.hoursAgo ?? 1) * HOUR)
        : null
  const title = fields.title ?? unique('Article title')
  return {
    title,
    slug: fields.slug ?? unique('article'),
    excerpt: fields.excerpt ?? `Excerpt of ${title}`,
    content: fields.content ?? `<p>Body of ${title}.</p>`,
    status,
    publishedAt,
    categoryId: fields.categoryId ?? null,
    isFeatured: fields.isFeatured ?? false,
    featuredImage: fields.featuredImage ?? null,
    hasVideo: fields.hasVideo ?? false,
    videoUrl: fields.videoUrl ?? null,
    authorId: fields.authorId ?? null,
  }
}

/**
 * Page views on the paper's day `daysAgo` days before its today (`now`; the site settings'
 * zone), as `article_views` counts them. Views leave the in-memory caches be (the home page
 * follows them within its time to live): the test sees them at once.
 */
export async function insertViews(
  articleId: number,
  views: number,
  daysAgo = 0,
  now: Date = new Date(),
) {
  const today = siteDay(now, (await getSiteSettings()).timeZone)
  const [day] = daysEndingOn(today, daysAgo + 1)
  await getDb().insert(articleViews).values({ articleId, day, views })
  clearMemoCaches()
}

/** Empties the content tables, so a test sees only its own rows. */
export async function clearContent() {
  const db = getDb()
  await db.delete(articleViews)
  await db.delete(articleTags)
  await db.delete(articles)
  await db.delete(tags)
  await db.delete(categories)
}
