import { and, desc, eq, sql } from 'drizzle-orm'
import { articleRevisions, articles, articleTags, profiles, tags } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { htmlToPlainText } from '~/infra/sanitize.server'
import { formatDateWithTime } from '~/lib/dates'
import { diffWords, type DiffPart } from '~/lib/word-diff'
import {
  accessLevelOf,
  revisionAccess,
  sameAccess,
  type ArticleAccessState,
} from './article-access'
import { isBreakingNewsTagName, type ArticleFieldState } from './article-field-rules'
import { readFieldState } from './article-field-rules.server'
import { ARTICLE_STATUS_NAMES, type ArticleStatus } from './articles-schema'

// The edit form's revision list and its comparison of a revision with the current text.
// Everything is worded here (dates in the site's time zone, summaries), so the panel only draws.

/** A revision's access level as one value, to compare saves in SQL. */
const ACCESS_OF = sql`concat_ws(chr(31), ${articleRevisions.access}, ${articleRevisions.accessPlanIds}::text, ${articleRevisions.freeForNow}::text, ${articleRevisions.previewParagraphs}::text)`

export interface RevisionListItem {
  id: number
  createdIso: string
  createdLabel: string
  authorName: string
  status: ArticleStatus
  title: string
  /** Its tags put the article on the breaking-news bar (restored by name, as the restore does). */
  isBreaking: boolean
  /** Who may read it, as saved; absent in revisions kept before access levels existed. */
  access?: ArticleAccessState
  /** What this save changed from the one before it, in a few words. */
  summary: string
}

export interface RevisionList {
  revisions: RevisionListItem[]
  /** The article's version now: a restore is refused if it changes meanwhile. */
  articleUpdatedIso: string
  revisionsKept: number
  /** The article now, as the field rules see it: who may restore which revision. */
  current: ArticleFieldState
}

const WHO = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${profiles.username}, nullif(${profiles.name}, ''), 'A deleted account')`

function joinWords(words: string[]) {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

interface ChangeFlags {
  isOldest: boolean
  previousStatus: ArticleStatus | null
  status: ArticleStatus
  title: boolean
  excerpt: boolean
  content: boolean
  category: boolean
  tags: boolean
  image: boolean
  access?: boolean
}

/** "Changed title and content; Draft → Published", from what differs from the save before. */
export function revisionSummary(flags: ChangeFlags): string {
  if (flags.isOldest) return 'Earliest saved version'
  const changed = (
    [
      ['title', flags.title],
      ['excerpt', flags.excerpt],
      ['content', flags.content],
      ['category', flags.category],
      ['tags', flags.tags],
      ['featured image', flags.image],
      ['access', flags.access ?? false],
    ] as const
  )
    .filter(([, isChanged]) => isChanged)
    .map(([name]) => name)
  const parts: string[] = []
  if (changed.length > 0) parts.push(`Changed ${joinWords(changed)}`)
  if (flags.previousStatus && flags.previousStatus !== flags.status) {
    parts.push(
      `${ARTICLE_STATUS_NAMES[flags.previousStatus]} → ${ARTICLE_STATUS_NAMES[flags.status]}`,
    )
  }
  return parts.length > 0 ? parts.join('; ') : 'Saved without changes'
}

/**
 * The saves that brought back an older version (a restore, or the same text by hand): each
 * such revision's id with the time of the latest earlier revision it equals in every field a
 * restore copies, when the save just before it differed. Rows newest first.
 */
function restoredSources(rows: { id: number; createdAt: Date; fingerprint: string }[]) {
  const found = new Map<number, Date>()
  const oldestFirst = [...rows].reverse()
  oldestFirst.forEach((row, i) => {
    if (i < 2 || oldestFirst[i - 1].fingerprint === row.fingerprint) return
    for (let j = i - 2; j >= 0; j--) {
      if (oldestFirst[j].fingerprint === row.fingerprint) {
        found.set(row.id, oldestFirst[j].createdAt)
        return
      }
    }
  })
  return found
}

/** The article's revisions, newest first, each with what it changed from the one before. */
export async function listRevisions(articleId: number): Promise<RevisionList | null> {
  const db = getDb()
  const [[article], current] = await Promise.all([
    db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, articleId)),
    readFieldState(db, articleId),
  ])
  if (!article || !current) return null
  const settings = await getSiteSettings()
  // Compared with the save before in SQL: bodies stay in the database.
  const differs = (column: unknown) =>
    sql<boolean>`${column} is distinct from lag(${column}) over (order by ${articleRevisions.id})`
  const rows = await db
    .select({
      id: articleRevisions.id,
      createdAt: articleRevisions.createdAt,
      status: articleRevisions.status,
      title: articleRevisions.title,
      tagNames: articleRevisions.tagNames,
      access: articleRevisions.access,
      accessPlanIds: articleRevisions.accessPlanIds,
      freeForNow: articleRevisions.freeForNow,
      previewParagraphs: articleRevisions.previewParagraphs,
      authorName: WHO,
      isOldest: sql<boolean>`lag(${articleRevisions.id}) over (order by ${articleRevisions.id}) is null`,
      previousStatus: sql<ArticleStatus | null>`lag(${articleRevisions.status}) over (order by ${articleRevisions.id})`,
      titleChanged: differs(articleRevisions.title),
      excerptChanged: differs(articleRevisions.excerpt),
      contentChanged: differs(articleRevisions.content),
      categoryChanged: differs(articleRevisions.categoryId),
      tagsChanged: differs(articleRevisions.tagNames),
      imageChanged: differs(articleRevisions.featuredImage),
      // A revision from before access levels (null) is not a change of access.
      accessChanged: sql<boolean>`${articleRevisions.access} is not null and lag(${articleRevisions.access}) over (order by ${articleRevisions.id}) is not null and ${ACCESS_OF} is distinct from lag(${ACCESS_OF}) over (order by ${articleRevisions.id})`,
      // What a restore copies from a revision: equal fingerprints, equal versions.
      fingerprint: sql<string>`md5(concat_ws(chr(31), ${articleRevisions.title}, ${articleRevisions.excerpt}, ${articleRevisions.content}, ${articleRevisions.categoryId}::text, ${articleRevisions.tagNames}::text, ${articleRevisions.featuredImage}, ${articleRevisions.status}, ${ACCESS_OF}, ${articleRevisions.seoTitle}, ${articleRevisions.metaDescription}, ${articleRevisions.socialImage}))`,
    })
    .from(articleRevisions)
    .leftJoin(profiles, eq(profiles.id, articleRevisions.createdBy))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.id))
  const label = (date: Date) => formatDateWithTime(date, settings.timeZone)
  const restoredFrom = restoredSources(rows)
  return {
    articleUpdatedIso: article.updatedAt.toISOString(),
    revisionsKept: settings.revisionsKept,
    current,
    revisions: rows.map((row) => ({
      id: row.id,
      createdIso: row.createdAt.toISOString(),
      createdLabel: label(row.createdAt),
      authorName: row.authorName,
      status: row.status,
      title: row.title,
      isBreaking: row.tagNames.some(isBreakingNewsTagName),
      access: revisionAccess(row) ?? undefined,
      summary: restoredFrom.has(row.id)
        ? `Restored from revision of ${label(restoredFrom.get(row.id)!)}`
        : revisionSummary({
            isOldest: row.isOldest,
            previousStatus: row.previousStatus,
            status: row.status,
            title: row.titleChanged,
            excerpt: row.excerptChanged,
            content: row.contentChanged,
            category: row.categoryChanged,
            tags: row.tagsChanged,
            image: row.imageChanged,
            access: row.accessChanged,
          }),
    })),
  }
}

// Paragraph breaks survive the word diff as a word of their own (a private-use character,
// which no article contains and which is not whitespace).
const PARAGRAPH = '\uE000'

/** The body's text, paragraph by paragraph, as one string for `diffWords`. */
function bodyText(html: string) {
  return htmlToPlainText(html).split('\n').join(` ${PARAGRAPH} `)
}

/** A word diff of two bodies, cut into paragraphs again (of the text after the change). */
export function diffParagraphs(beforeHtml: string, afterHtml: string): DiffPart[][] {
  const paragraphs: DiffPart[][] = [[]]
  for (const part of diffWords(bodyText(beforeHtml), bodyText(afterHtml))) {
    const pieces = part.text.split(PARAGRAPH)
    pieces.forEach((piece, index) => {
      if (index > 0 && paragraphs.at(-1)!.length > 0) paragraphs.push([])
      const text = piece.trim()
      if (text) paragraphs.at(-1)!.push({ type: part.type, text })
    })
  }
  return paragraphs.filter((paragraph) => paragraph.length > 0)
}

export interface RevisionComparison {
  revision: Pick<RevisionListItem, 'id' | 'createdLabel' | 'authorName' | 'status'>
  title: DiffPart[]
  excerpt: DiffPart[]
  content: DiffPart[][]
  /** Fields besides the text that the revision would bring back ("status (Published → Draft)"). */
  otherChanges: string[]
  /** The revision's title, excerpt and body read exactly as the article's do now. */
  sameText: boolean
  articleUpdatedIso: string
}

function sameList(a: string[], b: string[]) {
  const sorted = (list: string[]) => [...list].map((name) => name.toLowerCase()).sort()
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
}

/**
 * What changed from a revision to the article as it is now, word by word: removed words are
 * the revision's, added words the current text's. Null when either is gone.
 */
export async function compareRevision(
  articleId: number,
  revisionId: number,
): Promise<RevisionComparison | null> {
  const db = getDb()
  const [[revision], [current], currentTags, settings] = await Promise.all([
    db
      .select({
        id: articleRevisions.id,
        createdAt: articleRevisions.createdAt,
        status: articleRevisions.status,
        title: articleRevisions.title,
        excerpt: articleRevisions.excerpt,
        content: articleRevisions.content,
        categoryId: articleRevisions.categoryId,
        tagNames: articleRevisions.tagNames,
        featuredImage: articleRevisions.featuredImage,
        seoTitle: articleRevisions.seoTitle,
        metaDescription: articleRevisions.metaDescription,
        socialImage: articleRevisions.socialImage,
        access: articleRevisions.access,
        accessPlanIds: articleRevisions.accessPlanIds,
        freeForNow: articleRevisions.freeForNow,
        previewParagraphs: articleRevisions.previewParagraphs,
        authorName: WHO,
      })
      .from(articleRevisions)
      .leftJoin(profiles, eq(profiles.id, articleRevisions.createdBy))
      .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId))),
    db.select().from(articles).where(eq(articles.id, articleId)),
    db
      .select({ name: tags.name })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .where(eq(articleTags.articleId, articleId)),
    getSiteSettings(),
  ])
  if (!revision || !current) return null
  const otherChanges: string[] = []
  if (revision.status !== current.status) {
    otherChanges.push(
      `status (${ARTICLE_STATUS_NAMES[current.status]} now, ${ARTICLE_STATUS_NAMES[revision.status]} in this revision)`,
    )
  }
  if (revision.categoryId !== current.categoryId) otherChanges.push('category')
  if (
    !sameList(
      revision.tagNames,
      currentTags.map((tag) => tag.name),
    )
  ) {
    otherChanges.push('tags')
  }
  if ((revision.featuredImage ?? null) !== (current.featuredImage ?? null)) {
    otherChanges.push('featured image')
  }
  const seoFields = ['seoTitle', 'metaDescription', 'socialImage'] as const
  if (seoFields.some((field) => (revision[field] ?? null) !== (current[field] ?? null))) {
    otherChanges.push('search and social fields')
  }
  const access = revisionAccess(revision)
  if (
    access &&
    !sameAccess(access, {
      access: accessLevelOf(current.access),
      accessPlanIds: current.accessPlanIds,
      freeForNow: current.freeForNow,
      previewParagraphs: current.previewParagraphs,
    })
  ) {
    otherChanges.push('access')
  }
  const title = diffWords(revision.title, current.title)
  const excerpt = diffWords(revision.excerpt, current.excerpt)
  const content = diffParagraphs(revision.content, current.content)
  const unchanged = (parts: DiffPart[]) => parts.every((part) => part.type === 'same')
  return {
    revision: {
      id: revision.id,
      createdLabel: formatDateWithTime(revision.createdAt, settings.timeZone),
      authorName: revision.authorName,
      status: revision.status,
    },
    title,
    excerpt,
    content,
    otherChanges,
    sameText: unchanged(title) && unchanged(excerpt) && content.every(unchanged),
    articleUpdatedIso: current.updatedAt.toISOString(),
  }
}
