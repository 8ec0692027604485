import { and, desc, eq, exists, inArray, isNotNull, max, sql } from 'drizzle-orm'
import { articleBylines, articles, profiles } from '@db/schema/index'
import { isPublicArticle } from '~/domain/published.server'
import { mediaNameOfUrl } from '~/domain/media/own-media.server'
import { cacheKey, noteShownKeys } from '~/infra/cache-keys.server'
import { getDb, readDb } from '~/infra/db.server'
import { usernameKey } from '~/lib/username'
import { authorPath, STAFF_BYLINE, toBylineAuthors, type BylineRow } from './byline'

/**
 * The columns a byline needs, joined from `profiles` on `articles.author_id`: the one
 * definition of the name readers see (`bylineName` in byline.ts, in SQL: the display name,
 * else "Staff", never the username; null without an author). `toBylineAuthor` (byline.ts)
 * turns them into the reader's model. Every reader channel (page, JSON-LD, search, feeds,
 * live entries, mail) selects these.
 */
export const bylineColumns = {
  authorName: sql<
    string | null
  >`case when ${profiles.id} is null then null else coalesce(nullif(btrim(${profiles.displayName}), ''), ${STAFF_BYLINE}::text) end`,
  authorUsername: profiles.username,
}

/**
 * An article's bylines in order (issue 40), the name written as `bylineColumns.authorName`
 * writes it (display name, else "Staff"), with the account's username for its page and its id
 * for the page's cache keys (never sent to readers). `toBylineAuthors` (byline.ts) turns them
 * into the reader's model.
 */
export const bylinesColumn = sql<
  (BylineRow & { id: string })[]
>`coalesce((select json_agg(json_build_object('id', bp.id, 'name', coalesce(nullif(btrim(bp.display_name), ''), ${STAFF_BYLINE}::text), 'username', bp.username) order by ab.position) from article_bylines ab join profiles bp on bp.id = ab.user_id where ab.article_id = "articles"."id"), '[]'::json)`

/**
 * The name the newsroom knows an account by in the back office (the article form's byline
 * choices, the dashboard): the display name, else the username, else the address, so that
 * people without a name can still be told apart. Never shown to readers.
 */
export const newsroomName = sql<string>`coalesce(nullif(btrim(${profiles.displayName}), ''), ${profiles.username}, ${profiles.email})`

/**
 * Whether the profile row in the query has a public article: what makes an author page
 * (whatever the account's role is now, so a former writer's bylines still lead somewhere).
 */
function hasPublicArticle() {
  return exists(
    getDb()
      .select({ one: sql`1` })
      .from(articleBylines)
      .innerJoin(articles, eq(articles.id, articleBylines.articleId))
      .where(and(eq(articleBylines.userId, profiles.id), isPublicArticle)),
  )
}

/** A picture only if it is one of ours: better-auth once accepted any URL for `image`. */
function ownImage(image: string | null) {
  return image && mediaNameOfUrl(image) ? image : null
}

/** An author page's person: what readers may know of an account, never its address. */
export interface AuthorProfile {
  /** The account's id, for the server's next query; never sent to the page. */
  id: string
  username: string
  name: string
  bio: string | null
  image: string | null
  /** "Political correspondent"; null when none is set. */
  jobTitle: string | null
  /** Only web addresses (http/https): a stored link is never a script. */
  socialLinks: { label: string; url: string }[]
}

const USERNAME_MAX = 100

function webLinks(links: { label: string; url: string }[] | null) {
  return (links ?? []).filter(
    (link) =>
      typeof link?.label === 'string' &&
      link.label.trim() !== '' &&
      typeof link.url === 'string' &&
      /^https?:\/\//i.test(link.url),
  )
}

/**
 * The author behind `/author/{username}`, matched by the username's key (lib/username: NFKC
 * and case fold, the key stored with the account and unique): an account with
 * at least one public article. Anyone else (no such account, or nothing published) is null.
 */
export async function findAuthor(username: string): Promise<AuthorProfile | null> {
  if (username.length === 0 || username.length > USERNAME_MAX) return null
  const [row] = await getDb()
    .select({
      id: profiles.id,
      username: profiles.username,
      name: bylineColumns.authorName,
      bio: profiles.bio,
      image: profiles.image,
      jobTitle: profiles.jobTitle,
      socialLinks: profiles.socialLinks,
    })
    .from(profiles)
    .where(and(eq(profiles.usernameKey, usernameKey(username)), hasPublicArticle()))
    .orderBy(profiles.createdAt)
    .limit(1)
  if (!row?.username || !row.name) return null
  return {
    ...row,
    username: row.username,
    name: row.name,
    image: ownImage(row.image),
    jobTitle: row.jobTitle?.trim() || null,
    socialLinks: webLinks(row.socialLinks),
  }
}

/** Every author with an author page (a public article), by name: the Content API's authors. */
export async function listPublicAuthors(): Promise<AuthorProfile[]> {
  const rows = await getDb()
    .select({
      id: profiles.id,
      username: profiles.username,
      name: bylineColumns.authorName,
      bio: profiles.bio,
      image: profiles.image,
      jobTitle: profiles.jobTitle,
      socialLinks: profiles.socialLinks,
    })
    .from(profiles)
    .where(and(isNotNull(profiles.username), hasPublicArticle()))
    .orderBy(bylineColumns.authorName, profiles.username)
  return rows.flatMap((row) =>
    row.username && row.name
      ? [
          {
            ...row,
            username: row.username,
            name: row.name,
            image: ownImage(row.image),
            jobTitle: row.jobTitle?.trim() || null,
            socialLinks: webLinks(row.socialLinks),
          },
        ]
      : [],
  )
}

/** Every author page, with its newest publication (the sitemap). */
export async function listAuthorsForSitemap(): Promise<
  { path: string; lastPublished: Date | null }[]
> {
  const rows = await getDb()
    .select({ username: profiles.username, lastPublished: max(articles.publishedAt) })
    .from(articleBylines)
    .innerJoin(articles, eq(articles.id, articleBylines.articleId))
    .innerJoin(profiles, eq(profiles.id, articleBylines.userId))
    .where(and(isPublicArticle, isNotNull(profiles.username)))
    .groupBy(profiles.id, profiles.username)
    .orderBy(desc(max(articles.publishedAt)))
  return rows.flatMap((row) =>
    row.username ? [{ path: authorPath(row.username), lastPublished: row.lastPublished }] : [],
  )
}

/** What the profile page shows of one's own byline, and where one's author page is. */
export interface OwnAuthorProfile {
  displayName: string
  bio: string
  image: string | null
  /** The name bylines show now. */
  name: string
  /** Null until something the account wrote is public. */
  pagePath: string | null
}

export async function getOwnAuthorProfile(userId: string): Promise<OwnAuthorProfile | null> {
  const [row] = await getDb()
    .select({
      displayName: profiles.displayName,
      bio: profiles.bio,
      image: profiles.image,
      username: profiles.username,
      name: bylineColumns.authorName,
      hasPage: sql<boolean>`${hasPublicArticle()}`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  if (!row) return null
  return {
    displayName: row.displayName ?? '',
    bio: row.bio ?? '',
    image: ownImage(row.image),
    name: row.name ?? '',
    pagePath: row.hasPage && row.username ? authorPath(row.username) : null,
  }
}

/**
 * The bylines' names of each listed article, in order (`bylinesColumn`; none without an
 * author), for a list that shows them beside the cards: the feeds' `dc:creator`, one per
 * author. The list then shows its authors, so a renamed author changes it (their cache keys).
 */
export async function withBylines<T extends { id: number }>(
  items: T[],
): Promise<(T & { authorNames: string[] })[]> {
  if (items.length === 0) return []
  const rows = await readDb()
    .select({ id: articles.id, bylines: bylinesColumn })
    .from(articles)
    .where(
      inArray(
        articles.id,
        items.map((item) => item.id),
      ),
    )
  noteShownKeys(rows.flatMap((row) => row.bylines.map((byline) => cacheKey.author(byline.id))))
  const names = new Map(
    rows.map((row) => [row.id, toBylineAuthors(row.bylines).map((author) => author.name)]),
  )
  return items.map((item) => ({ ...item, authorNames: names.get(item.id) ?? [] }))
}
