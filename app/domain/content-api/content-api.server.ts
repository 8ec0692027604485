import { focalPointOf } from '~/lib/focal-point'
import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm'
import { articles, articleTags, categories, profiles, tags } from '@db/schema/index'
import { articleCoreFields, correctionCoreFields } from '~/domain/articles/article-representation'
import { isBylineOf } from '~/domain/access/bylines.server'
import { toReaderArticleView } from '~/domain/articles/article-view.server'
import { selectArticleDetails, type ArticleDetail } from '~/domain/articles/articles-queries.server'
import { listPublicAuthors } from '~/domain/authors/authors-queries.server'
import { authorPath, toBylineAuthor, toBylineAuthors } from '~/domain/authors/byline'
import { getPublicLive, type PublicLive } from '~/domain/live/live-queries.server'
import { integrationRead } from '~/domain/membership/article-read.server'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { STATIC_PAGE_SLUGS } from '~/domain/pages/static-pages'
import { isPublicArticle } from '~/domain/published.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { cacheKey, noteShownKeys, type CacheKey } from '~/infra/cache-keys.server'
import { readDb } from '~/infra/db.server'
import { htmlToPlainText, sanitizeArticleHtml } from '~/infra/sanitize.server'
import { IMAGE_WIDTHS, imageVariantUrl } from '~/lib/image-variants'
import { absoluteUrl } from '~/lib/seo'
import { usernameKey } from '~/lib/username'
import { decodeCursor, encodeCursor } from './cursor'
import type { ArticleListQuery, ArticleSummary, ContentArticle } from './content-api-schemas'
import { ContentApiError } from './content-api-errors'

// The Content API's reads (docs/content-api.md): public content only. Every article read goes
// through isPublicArticle (published.server.ts), and a gated story's body through the access
// rule the article page uses (membership/article-read.server.ts: `integrationRead`).

/** Who is asking: what their integration may read, and the site's public address. */
export interface ContentReader {
  fullText: boolean
  siteUrl: string
}

function summaryOf(row: ArticleDetail & { isLive?: boolean }, siteUrl: string): ArticleSummary {
  const author = toBylineAuthor(row)
  return {
    ...jsonDates(articleCoreFields({ ...row, publishedAt: row.publishedAt })),
    publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
    wordCount: row.wordCount ?? 0,
    access: row.access,
    url: absoluteUrl(siteUrl, `/article/${row.slug}`),
    image: imageOf(row, siteUrl),
    category:
      row.categoryId !== null && row.categoryName && row.categorySlug
        ? { id: row.categoryId, name: row.categoryName, slug: row.categorySlug }
        : null,
    author: author
      ? {
          name: author.name,
          username: author.username,
          url: author.path ? absoluteUrl(siteUrl, author.path) : null,
        }
      : null,
    bylines: toBylineAuthors(row.bylines).map((byline) => ({
      name: byline.name,
      username: byline.username,
      url: byline.path ? absoluteUrl(siteUrl, byline.path) : null,
    })),
    tags: row.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })),
    corrections: row.corrections.map((c) => jsonDates(correctionCoreFields(c))),
    isLive: row.isLive ?? false,
  }
}

/** Dates as the JSON they are sent as (ISO strings), so the answer is what the schema says. */
function jsonDates<T extends Record<string, unknown>>(
  value: T,
): {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K]
} {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[k] = v instanceof Date ? v.toISOString() : v
  // Each Date became its ISO string: the mapped type says exactly that.
  return out as never
}

function imageOf(row: ArticleDetail, siteUrl: string): ArticleSummary['image'] {
  if (!row.featuredImage) return null
  const facts = row.featuredImageFacts
  const original = row.featuredImage
  const sized = imageVariantUrl(original, IMAGE_WIDTHS[0]) !== original
  return {
    url: absoluteUrl(siteUrl, original),
    alt: facts?.alt || row.title,
    caption: facts?.caption ?? '',
    credit: facts?.credit ?? '',
    focalPoint: focalPointOf(facts?.focalX, facts?.focalY),
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    sizes: sized
      ? IMAGE_WIDTHS.map((width) => ({
          width,
          url: absoluteUrl(siteUrl, imageVariantUrl(original, width)),
        }))
      : [],
  }
}

/** The article filters' rows: unknown slugs are a 404 of the filter, not an empty list. */
async function filtersOf(
  query: ArticleListQuery,
): Promise<{ where: (SQL | undefined)[]; keys: CacheKey[] }> {
  const db = readDb()
  const where: (SQL | undefined)[] = [isPublicArticle]
  const keys: CacheKey[] = []
  if (query.category !== undefined) {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, query.category))
    if (!row) throw new ContentApiError('not_found', 'No category has this slug.')
    where.push(eq(articles.categoryId, row.id))
    keys.push(cacheKey.category(row.id))
  }
  if (query.tag !== undefined) {
    const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, query.tag))
    if (!row) throw new ContentApiError('not_found', 'No tag has this slug.')
    where.push(
      inArray(
        articles.id,
        db
          .select({ id: articleTags.articleId })
          .from(articleTags)
          .where(eq(articleTags.tagId, row.id)),
      ),
    )
    keys.push(cacheKey.tag(row.id))
  }
  if (query.author !== undefined) {
    const [row] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.usernameKey, usernameKey(query.author)))
    if (!row) throw new ContentApiError('not_found', 'No author has this username.')
    // An author's articles are those with their byline, co-written ones included (issue 40),
    // as on their author page.
    where.push(isBylineOf(row.id))
    keys.push(cacheKey.author(row.id))
  }
  if (query.updated_since !== undefined) {
    where.push(gte(articles.updatedAt, new Date(query.updated_since)))
  }
  return { where, keys }
}

/**
 * A page of public articles, newest first, by (published_at, id): the cursor names the last
 * row given, so an article published meanwhile (newer than every page) moves nothing.
 */
export async function listContentArticles(
  query: ArticleListQuery,
  reader: ContentReader,
): Promise<{ data: ArticleSummary[]; next: string | null }> {
  const { where, keys } = await filtersOf(query)
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor)
    if (!after) throw new ContentApiError('bad_request', 'cursor is not one this API gave.')
    where.push(
      sql`(${articles.publishedAt}, ${articles.id}) < (${after.at}::timestamptz, ${after.id})`,
    )
  }
  const rows = await selectArticleDetails('public')
    .where(and(...where))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  noteShownKeys(keys.length ? keys : ['front'])
  noteShownKeys(page.flatMap(shownKeysOf))
  // The cursor keeps the database's own microseconds (a Date would round them to ms).
  const next =
    rows.length > query.limit && last
      ? encodeCursor({ at: await exactPublishedAt(last.id), id: last.id })
      : null
  return { data: page.map((row) => summaryOf(row, reader.siteUrl)), next }
}

/**
 * What an article's item shows, as the keys a change announces: itself, every byline's name
 * (co-authors included) and its tags' names (a category renamed is a change of `chrome`).
 */
function shownKeysOf(row: ArticleDetail): CacheKey[] {
  return [
    cacheKey.article(row.id),
    ...row.bylines.map((byline) => cacheKey.author(byline.id)),
    ...row.tags.map((tag) => cacheKey.tag(tag.id)),
  ]
}

async function exactPublishedAt(id: number): Promise<string> {
  const [row] = await readDb()
    .select({
      at: sql<string>`to_char(${articles.publishedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(articles)
    .where(eq(articles.id, id))
  return row.at
}

/** One public article by id (digits) or slug, its body as the access rule gives it. */
export async function getContentArticle(
  idOrSlug: string,
  reader: ContentReader,
): Promise<ContentArticle> {
  const match = /^\d{1,9}$/.test(idOrSlug)
    ? or(eq(articles.id, Number(idOrSlug)), eq(articles.slug, idOrSlug))
    : eq(articles.slug, idOrSlug)
  const [row] = await selectArticleDetails('public')
    .where(and(isPublicArticle, match))
    .orderBy(asc(articles.id))
    .limit(1)
  if (!row) throw new ContentApiError('not_found', 'No published article has this id or slug.')
  noteShownKeys(shownKeysOf(row))
  const [read, live, { timeZone }] = await Promise.all([
    integrationRead(
      {
        id: row.id,
        slug: row.slug,
        categoryId: row.categoryId,
        access: row.access,
        accessPlanIds: row.accessPlanIds,
        freeForNow: row.freeForNow,
        previewParagraphs: row.previewParagraphs,
      },
      reader.fullText,
    ),
    getPublicLive(String(row.id)),
    getSiteSettings(),
  ])
  const view = toReaderArticleView(row, read, new Date(), timeZone)
  const html = view.contentHtml + (view.paywalledHtml ?? '')
  return {
    ...summaryOf(row, reader.siteUrl),
    previewOnly: read.gated && !read.full,
    html,
    text: htmlToPlainText(html),
    // A reader without access gets none of a live story's entries, as on the page.
    live: live && (!read.gated || read.full) ? liveOf(live) : null,
  }
}

function liveOf(live: PublicLive): NonNullable<ContentArticle['live']> {
  const entries = live.entries.filter((e) => e.deletedAt === null)
  return {
    state: live.coverage.state,
    summary: live.coverage.summary,
    startedAt: live.coverage.startedAt.toISOString(),
    endedAt: live.coverage.endedAt?.toISOString() ?? null,
    entries: entries.map((e) => ({
      id: e.id,
      headline: e.headline,
      html: sanitizeArticleHtml(e.content),
      isKeyEvent: e.isKeyEvent,
      isPinned: e.isPinned,
      publishedAt: e.publishedAt?.toISOString() ?? null,
      updatedAt: e.updatedAt.toISOString(),
      author: e.authorName,
    })),
    keyEvents: entries.filter((e) => e.isKeyEvent).map((e) => e.id),
  }
}

/** The categories a reader can open (with a public article), in the editors' order. */
export async function listContentCategories(reader: ContentReader) {
  noteShownKeys(['chrome'])
  const rows = await readDb()
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(
      sql`exists (select 1 from ${articles} where ${articles.categoryId} = ${categories.id} and ${isPublicArticle})`,
    )
    .orderBy(asc(categories.position), asc(categories.name))
  return rows.map((c) => ({ ...c, url: absoluteUrl(reader.siteUrl, `/category/${c.slug}`) }))
}

/** The tags on at least one public article, by name. */
export async function listContentTags(reader: ContentReader) {
  noteShownKeys(['sitemap'])
  const rows = await readDb()
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(
      sql`exists (select 1 from ${articleTags} inner join ${articles} on ${articles.id} = ${articleTags.articleId} where ${articleTags.tagId} = ${tags.id} and ${isPublicArticle})`,
    )
    .orderBy(asc(tags.name))
  return rows.map((t) => ({ ...t, url: absoluteUrl(reader.siteUrl, `/tag/${t.slug}`) }))
}

/** The authors with an author page: what readers may know of them, never an address. */
export async function listContentAuthors(reader: ContentReader) {
  noteShownKeys(['sitemap'])
  const authors = await listPublicAuthors()
  noteShownKeys(authors.map((a) => cacheKey.author(a.id)))
  return authors.map((a) => ({
    username: a.username,
    name: a.name,
    bio: a.bio,
    jobTitle: a.jobTitle,
    image: a.image ? absoluteUrl(reader.siteUrl, a.image) : null,
    url: absoluteUrl(reader.siteUrl, authorPath(a.username)),
  }))
}

/** The static pages (about, contact, privacy, terms), as their pages show them. */
export async function listContentPages(reader: ContentReader) {
  const pages = await Promise.all(STATIC_PAGE_SLUGS.map((slug) => getStaticPage(slug)))
  return pages.map((p) => ({
    slug: p.slug,
    title: p.title,
    html: p.content,
    updatedAt: p.updatedAt?.toISOString() ?? null,
    url: absoluteUrl(reader.siteUrl, `/${p.slug}`),
  }))
}
