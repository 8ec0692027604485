// The rows of an export written back (the site import, in its one transaction): authors,
// categories, tags and plans first, then the articles a page at a time with their tags,
// corrections, revisions and live coverage, keeping the ids they had.
import { sql } from 'drizzle-orm'
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
  plans,
  profiles,
  tags,
} from '@db/schema/index'
import { accessLevelOf, normalizeAccess } from '~/domain/articles/article-access'
import { importedSeoFields } from '~/domain/articles/article-seo-import'
import type { ExportedLive } from '~/domain/live/live-types'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { usernameKey } from '~/lib/username'
import type { Transaction } from '~/infra/db.server'
import type { ContentHead, Dated, ExportedArticle } from './content-file'

const date = (value: Dated) => (value ? new Date(value) : null)

/** The authors, categories and tags; answers how many authors were new here. */
export async function insertHead(tx: Transaction, head: ContentHead): Promise<number> {
  let authors = 0
  for (const a of head.authors) {
    const inserted = await tx
      .insert(profiles)
      .values({
        id: a.id,
        email: a.email,
        name: a.name,
        username: a.username,
        usernameKey: a.username ? usernameKey(a.username) : null,
        displayName: a.displayName,
        bio: a.bio,
        jobTitle: a.jobTitle,
        socialLinks: a.socialLinks,
        image: a.image,
        role: a.role,
      })
      .onConflictDoNothing()
      .returning({ id: profiles.id })
    authors += inserted.length
  }
  if (head.categories.length)
    await tx.insert(categories).values(
      head.categories.map((c) => ({
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        position: c.position,
        showInNavigation: c.showInNavigation,
        showOnHome: c.showOnHome,
        defaultAccess: accessLevelOf(c.defaultAccess),
      })),
    )
  if (head.tags.length)
    await tx.insert(tags).values(head.tags.map((t) => ({ id: t.id, name: t.name, slug: t.slug })))
  return authors
}

/**
 * Whether an article holds its address. An export made before drafts' slugs became provisional
 * does not say: the rule of migration 0015 decides (a draft or review never published has not
 * claimed it), so two drafts titled alike do not clash on the index of claimed slugs.
 */
function slugClaimedOf(a: ExportedArticle): boolean {
  if (a.slugClaimed !== undefined) return a.slugClaimed
  return !((a.status === 'draft' || a.status === 'review') && !a.publishedAt)
}

/**
 * The export's plans, answering where each exported id now is: a plan whose slug this site
 * already has is that one (its prices stay the site's), any other is added under a new id.
 */
export async function insertPlans(
  tx: Transaction,
  exported: ContentHead['plans'],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>()
  for (const p of exported) {
    const [row] = await tx
      .insert(plans)
      .values({
        slug: p.slug,
        name: p.name,
        description: p.description,
        benefits: p.benefits,
        monthlyPriceCents: p.monthlyPriceCents,
        yearlyPriceCents: p.yearlyPriceCents,
        trialDays: p.trialDays,
        status: p.status === 'archived' ? 'archived' : 'visible',
        position: p.position,
      })
      .onConflictDoUpdate({ target: plans.slug, set: { slug: sql`excluded.slug` } })
      .returning({ id: plans.id })
    ids.set(p.id, row.id)
  }
  return ids
}

/** An article's access level as exported, its plans renumbered as this site has them. */
function accessOf(a: ExportedArticle, planIds: Map<number, number>) {
  return normalizeAccess({
    access: accessLevelOf(a.access),
    accessPlanIds: (a.accessPlanIds ?? []).flatMap((id) => planIds.get(id) ?? []),
    freeForNow: a.freeForNow === true,
    previewParagraphs:
      typeof a.previewParagraphs === 'number' &&
      Number.isInteger(a.previewParagraphs) &&
      a.previewParagraphs >= 0 &&
      a.previewParagraphs <= 50
        ? a.previewParagraphs
        : null,
  })
}

/** A page of articles with their tags, corrections, revisions and live coverage. */
export async function insertArticles(
  tx: Transaction,
  page: ExportedArticle[],
  person: (id: string | null) => string | null,
  planIds: Map<number, number>,
) {
  await tx.insert(articles).values(
    page.map((a) => ({
      ...accessOf(a, planIds),
      id: a.id,
      title: a.title,
      slug: a.slug,
      slugClaimed: slugClaimedOf(a),
      excerpt: a.excerpt,
      content: sanitizeArticleHtml(a.content),
      featuredImage: a.featuredImage,
      status: a.status,
      isFeatured: a.isFeatured,
      hasVideo: a.hasVideo,
      videoUrl: a.videoUrl,
      publishedAt: date(a.publishedAt),
      categoryId: a.categoryId,
      authorId: person(a.authorId),
      createdAt: new Date(a.createdAt),
      updatedAt: new Date(a.updatedAt),
      revisedAt: date(a.revisedAt),
      breakingUntil: date(a.breakingUntil),
      ...importedSeoFields(a),
    })),
  )
  const links = page.flatMap((a) => a.tagIds.map((tagId) => ({ articleId: a.id, tagId })))
  if (links.length) await tx.insert(articleTags).values(links)
  // The later bylines (position 0 follows the author column by itself), each once.
  const bylines = page.flatMap((a) => {
    const first = person(a.authorId)
    const ids = (a.coAuthorIds ?? []).map(person).filter((id): id is string => !!id && id !== first)
    return [...new Set(ids)].map((userId, index) => ({
      articleId: a.id,
      userId,
      position: index + 1,
    }))
  })
  if (bylines.length) await tx.insert(articleBylines).values(bylines)
  const corrections = page.flatMap((a) =>
    a.corrections.map((c) => ({
      articleId: a.id,
      text: c.text,
      correctedAt: new Date(c.correctedAt),
      createdBy: person(c.createdBy),
    })),
  )
  if (corrections.length) await tx.insert(articleCorrections).values(corrections)
  const revisions = page.flatMap((a) =>
    a.revisions.map((r) => ({
      articleId: a.id,
      title: r.title,
      excerpt: r.excerpt,
      content: r.content,
      status: r.status,
      categoryId: r.categoryId,
      tagNames: r.tagNames,
      featuredImage: r.featuredImage,
      ...importedSeoFields(r),
      // A revision's access level, its plans renumbered as the article's are.
      ...(r.access
        ? {
            access: r.access,
            accessPlanIds: (r.accessPlanIds ?? []).flatMap((id) => planIds.get(id) ?? []),
            freeForNow: r.freeForNow ?? false,
            previewParagraphs: r.previewParagraphs ?? null,
          }
        : {}),
      createdBy: person(r.createdBy),
      createdAt: new Date(r.createdAt),
    })),
  )
  if (revisions.length) await tx.insert(articleRevisions).values(revisions)
  for (const a of page) if (a.live) await insertLive(tx, a.id, a.live, person)
}

/** An article's live coverage, its entries (ids kept: share addresses name them) and revisions. */
async function insertLive(
  tx: Transaction,
  articleId: number,
  live: ExportedLive,
  person: (id: string | null) => string | null,
) {
  await tx.insert(liveCoverage).values({
    articleId,
    state: live.state,
    summary: live.summary,
    startedAt: new Date(live.startedAt),
    endedAt: date(live.endedAt),
    lastEntryAt: date(live.lastEntryAt),
  })
  if (live.entries.length === 0) return
  await tx.insert(liveEntries).values(
    live.entries.map((e) => ({
      id: e.id,
      articleId,
      headline: e.headline,
      content: sanitizeArticleHtml(e.content),
      status: e.status,
      isPinned: e.isPinned,
      isKeyEvent: e.isKeyEvent,
      authorId: person(e.authorId),
      publishedAt: date(e.publishedAt),
      createdAt: new Date(e.createdAt),
      updatedAt: new Date(e.updatedAt),
      deletedAt: date(e.deletedAt),
    })),
  )
  const revisions = live.entries.flatMap((e) =>
    e.revisions.map((r) => ({
      entryId: e.id,
      headline: r.headline,
      content: r.content,
      createdBy: person(r.createdBy),
      createdAt: new Date(r.createdAt),
    })),
  )
  if (revisions.length) await tx.insert(liveEntryRevisions).values(revisions)
}
