import { and, asc, gt, inArray, isNotNull, or } from 'drizzle-orm'
import {
  articleBylines,
  articleCorrections,
  articleRevisions,
  articles,
  articleTags,
  categories,
  liveCoverage,
  liveEntries,
  liveEntryRevisions,
  mediaFiles,
  newspaperEditions,
  plans,
  profiles,
  staticPages,
  tags,
} from '@db/schema/index'
import { articleCoreFields, correctionCoreFields } from '~/domain/articles/article-representation'
import type { ExportedLive } from '~/domain/live/live-types'
import { getDb } from '~/infra/db.server'
import type { ContentFile } from './content-file'

/**
 * content.json: the site's content in our own documented, versioned shape
 * (docs/export-format.md). Written piece by piece: articles are read a page at a time with
 * their tags, corrections and revisions, so a large archive never sits in memory whole.
 */
export const CONTENT_FORMAT = 'broadsheet-content'
export const CONTENT_VERSION = 1

/** Articles read per query (with their tags, corrections and revisions). */
const PAGE = 200

/** An author as content.json holds one (the shape the site import reads: content-file.ts). */
export type ExportedAuthor = ContentFile['authors'][number]

export async function* contentJsonChunks(
  site: { url: string; name: string },
  now = new Date(),
): AsyncGenerator<string> {
  const db = getDb()
  yield `{"format":${JSON.stringify(CONTENT_FORMAT)},"version":${CONTENT_VERSION},"exportedAt":${JSON.stringify(now.toISOString())},"site":${JSON.stringify(site)}`
  // Authors: every profile that wrote an article or holds a staff role (readers are not content).
  const authors = await db
    .select()
    .from(profiles)
    .where(
      or(
        inArray(profiles.role, ['contributor', 'author', 'editor', 'admin']),
        inArray(
          profiles.id,
          db
            // Every byline, co-authors included (position 0 is the author column's).
            .selectDistinct({ id: articleBylines.userId })
            .from(articleBylines)
            .where(isNotNull(articleBylines.userId)),
        ),
      ),
    )
    .orderBy(asc(profiles.createdAt))
  yield `,"authors":${JSON.stringify(authors.map(exportAuthor))}`
  const categoryRows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
  yield `,"categories":${JSON.stringify(
    categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      position: c.position,
      showInNavigation: c.showInNavigation,
      showOnHome: c.showOnHome,
      defaultAccess: c.defaultAccess,
      createdAt: c.createdAt,
    })),
  )}`
  const tagRows = await db.select().from(tags).orderBy(asc(tags.id))
  yield `,"tags":${JSON.stringify(tagRows.map((t) => ({ id: t.id, name: t.name, slug: t.slug, createdAt: t.createdAt })))}`
  // The plans members stories name (accessPlanIds): before the articles, like what else they
  // refer to. Stripe's ids stay behind: they belong to one Stripe account.
  const planRows = await db.select().from(plans).orderBy(asc(plans.position), asc(plans.id))
  yield `,"plans":${JSON.stringify(
    planRows.map((p) => ({
      id: p.id,
      slug: p.slug,
      name: p.name,
      description: p.description,
      benefits: p.benefits,
      monthlyPriceCents: p.monthlyPriceCents,
      yearlyPriceCents: p.yearlyPriceCents,
      trialDays: p.trialDays,
      status: p.status,
      position: p.position,
      createdAt: p.createdAt,
    })),
  )}`
  yield ',"articles":['
  let first = true
  for await (const article of exportedArticles()) {
    yield (first ? '' : ',') + JSON.stringify(article)
    first = false
  }
  yield ']'
  const pages = await db.select().from(staticPages).orderBy(asc(staticPages.slug))
  yield `,"pages":${JSON.stringify(pages)}`
  const editions = await db
    .select({
      id: newspaperEditions.id,
      slug: newspaperEditions.slug,
      title: newspaperEditions.title,
      editionDate: newspaperEditions.editionDate,
      number: newspaperEditions.number,
      fileName: newspaperEditions.fileName,
      size: newspaperEditions.size,
      pageCount: newspaperEditions.pageCount,
      coverName: newspaperEditions.coverName,
      coverWidth: newspaperEditions.coverWidth,
      coverHeight: newspaperEditions.coverHeight,
      status: newspaperEditions.status,
      createdAt: newspaperEditions.createdAt,
    })
    .from(newspaperEditions)
    .orderBy(asc(newspaperEditions.editionDate), asc(newspaperEditions.id))
  yield `,"editions":${JSON.stringify(editions)}`
  const media = await db
    .select({
      bucket: mediaFiles.bucket,
      name: mediaFiles.name,
      kind: mediaFiles.kind,
      originalName: mediaFiles.originalName,
      contentType: mediaFiles.contentType,
      size: mediaFiles.size,
      width: mediaFiles.width,
      height: mediaFiles.height,
      alt: mediaFiles.alt,
      caption: mediaFiles.caption,
      credit: mediaFiles.credit,
      focalX: mediaFiles.focalX,
      focalY: mediaFiles.focalY,
      createdAt: mediaFiles.createdAt,
    })
    .from(mediaFiles)
    .orderBy(asc(mediaFiles.createdAt))
  yield `,"media":${JSON.stringify(media)}}`
}

function exportAuthor(p: typeof profiles.$inferSelect): ExportedAuthor {
  return {
    id: p.id,
    username: p.username,
    name: p.name,
    displayName: p.displayName,
    email: p.email,
    bio: p.bio,
    jobTitle: p.jobTitle,
    socialLinks: p.socialLinks,
    image: p.image,
    role: p.role,
  }
}

/**
 * Every article with its tag ids, corrections, revisions and live coverage (its entries and
 * their revisions; a deleted entry as a tombstone without its text), a page of rows at a time.
 */
export async function* exportedArticles() {
  const db = getDb()
  let after = 0
  for (;;) {
    const rows = await db
      .select()
      .from(articles)
      .where(gt(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(PAGE)
    if (rows.length === 0) return
    const ids = rows.map((r) => r.id)
    const [links, corrections, revisions, coverage, entries, bylines] = await Promise.all([
      db.select().from(articleTags).where(inArray(articleTags.articleId, ids)),
      db
        .select()
        .from(articleCorrections)
        .where(inArray(articleCorrections.articleId, ids))
        .orderBy(asc(articleCorrections.correctedAt)),
      db
        .select()
        .from(articleRevisions)
        .where(inArray(articleRevisions.articleId, ids))
        .orderBy(asc(articleRevisions.id)),
      db.select().from(liveCoverage).where(inArray(liveCoverage.articleId, ids)),
      db
        .select()
        .from(liveEntries)
        .where(inArray(liveEntries.articleId, ids))
        .orderBy(asc(liveEntries.id)),
      db
        .select()
        .from(articleBylines)
        .where(and(inArray(articleBylines.articleId, ids), gt(articleBylines.position, 0)))
        .orderBy(asc(articleBylines.position)),
    ])
    const entryRevisions = entries.length
      ? await db
          .select()
          .from(liveEntryRevisions)
          .where(
            inArray(
              liveEntryRevisions.entryId,
              entries.map((e) => e.id),
            ),
          )
          .orderBy(asc(liveEntryRevisions.id))
      : []
    for (const row of rows) {
      yield {
        // The fields the Content API gives too, built by the same function.
        ...articleCoreFields(row),
        slugClaimed: row.slugClaimed,
        content: row.content,
        status: row.status,
        isFeatured: row.isFeatured,
        hasVideo: row.hasVideo,
        videoUrl: row.videoUrl,
        authorId: row.authorId,
        coAuthorIds: bylines.filter((b) => b.articleId === row.id).map((b) => b.userId),
        createdAt: row.createdAt,
        breakingUntil: row.breakingUntil,
        accessPlanIds: row.accessPlanIds,
        previewParagraphs: row.previewParagraphs,
        seoTitle: row.seoTitle,
        metaDescription: row.metaDescription,
        socialImage: row.socialImage,
        tagIds: links.filter((l) => l.articleId === row.id).map((l) => l.tagId),
        corrections: corrections
          .filter((c) => c.articleId === row.id)
          .map((c) => ({ ...correctionCoreFields(c), createdBy: c.createdBy })),
        revisions: revisions
          .filter((r) => r.articleId === row.id)
          .map((r) => ({
            title: r.title,
            excerpt: r.excerpt,
            content: r.content,
            status: r.status,
            categoryId: r.categoryId,
            tagNames: r.tagNames,
            featuredImage: r.featuredImage,
            access: r.access,
            accessPlanIds: r.accessPlanIds,
            freeForNow: r.freeForNow,
            previewParagraphs: r.previewParagraphs,
            seoTitle: r.seoTitle,
            metaDescription: r.metaDescription,
            socialImage: r.socialImage,
            createdBy: r.createdBy,
            createdAt: r.createdAt,
          })),
        live: exportedLive(
          coverage.find((c) => c.articleId === row.id),
          entries.filter((e) => e.articleId === row.id),
          entryRevisions,
        ),
      }
    }
    after = ids[ids.length - 1]
  }
}

function exportedLive(
  coverage: typeof liveCoverage.$inferSelect | undefined,
  entries: (typeof liveEntries.$inferSelect)[],
  revisions: (typeof liveEntryRevisions.$inferSelect)[],
): ExportedLive<Date> | null {
  if (!coverage) return null
  const { articleId: _article, ...state } = coverage
  return {
    ...state,
    entries: entries.map(({ articleId: _entryArticle, ...entry }) =>
      entry.deletedAt
        ? // A deleted entry is kept as a tombstone (its id, for share addresses and readers'
          // pages), without the text its editors took back, nor its earlier versions.
          { ...entry, headline: '', content: '', revisions: [] }
        : {
            ...entry,
            revisions: revisions
              .filter((r) => r.entryId === entry.id)
              .map((r) => ({
                headline: r.headline,
                content: r.content,
                createdBy: r.createdBy,
                createdAt: r.createdAt,
              })),
          },
    ),
  }
}
