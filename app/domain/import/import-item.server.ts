import { eq } from 'drizzle-orm'
import { plans, staticPages } from '@db/schema/index'
import { ACCESS_LEVEL_NAMES } from '~/domain/membership/access-level'
import type { Actor } from '~/domain/access/access-rules'
import { importedSeoFields } from '~/domain/articles/article-seo-import'
import { getDb } from '~/infra/db.server'
import { htmlToPlainText, sanitizeArticleHtml } from '~/infra/sanitize.server'
import { writeArticle, type ArticleValues } from './import-article.server'
import { EVERYONE, matchPlans } from './import-access'
import { convertBody, imageTexts } from './import-body'
import type { Gathered } from './import-gather.server'
import { replaceImages, type ImageResolver } from './import-image-resolver.server'
import type { ImportInput, ReportItem } from './import-job-data'
import { remember } from './import-map.server'
import { acceptedFeaturedImage, featuredImageOf, planItem, wasPublic } from './import-mapping'
import { recordImportRedirect } from './import-redirect.server'
import type { SourceItem } from './import-source'

// One item of the second pass: planned (article, static page or skipped), its body converted
// and its images resolved, then written in a transaction of its own; its line of the report.

/** What a run knows when it reaches the items: the first pass and what it wrote. */
export interface ItemRun {
  input: ImportInput
  found: Gathered
  siteKey: string
  authorIds: Map<string, string>
  categoryIds: Map<string, number>
  tagIds: Map<string, number>
  resolver: ImageResolver
  actor: Actor
  now: Date
  /** The report's count of shortcodes not understood, added to item by item. */
  unknownShortcodes: Record<string, number>
}

export async function importItem(item: SourceItem, run: ItemRun): Promise<ReportItem> {
  const { input, found, siteKey, authorIds, categoryIds, tagIds, resolver, actor, now } = run
  const base = {
    sourceId: item.sourceId,
    title: item.title,
    type: item.type,
    status: item.status,
    oldLink: item.link,
  }
  const plan = planItem(item, input.options.pagesAs, now)
  if (plan.action === 'skip') return { ...base, outcome: 'skipped', path: null, note: plan.reason }
  const body = convertBody(input.source, item.html, {
    siteUrl: found.site.url,
    attachmentUrl: (id) => found.attachments.get(id) ?? null,
    childAttachments: () => found.children.get(item.sourceId) ?? [],
  })
  for (const name of body.unknownShortcodes) {
    run.unknownShortcodes[name] = (run.unknownShortcodes[name] ?? 0) + 1
  }
  const texts = imageTexts(body.html)
  const textOf = (url: string) => {
    const own = texts.get(url)
    const attachment = found.attachmentTexts.get(url)
    if (!own) return attachment
    return {
      alt: own.alt || attachment?.alt || '',
      caption: own.caption || attachment?.caption || '',
    }
  }
  const content = sanitizeArticleHtml(await replaceImages(body.html, body.images, resolver, textOf))
  if (plan.action === 'static-page') {
    const row = { title: item.title || plan.slug, content, updatedAt: now }
    const outcome = await getDb().transaction(async (tx) => {
      const [stored] = await tx.select().from(staticPages).where(eq(staticPages.slug, plan.slug))
      const same = stored && stored.title === row.title && stored.content === row.content
      if (!same) {
        await tx
          .insert(staticPages)
          .values({ slug: plan.slug, ...row })
          .onConflictDoUpdate({ target: staticPages.slug, set: row })
      }
      await remember(tx, siteKey, 'page', item.sourceId, `static:${plan.slug}`)
      if (item.link && wasPublic(item)) await recordImportRedirect(tx, item.link, `/${plan.slug}`)
      return same ? 'unchanged' : stored ? 'updated' : 'created'
    })
    return { ...base, outcome, path: `/${plan.slug}` }
  }
  const featured = featuredImageOf(item, found.attachments)
  // A `javascript:` or `//other.site` address is refused by the form; it is not stored here
  // either, and the report says so.
  const accepted = featured === null ? null : acceptedFeaturedImage(featured)
  const values: ArticleValues = {
    title: item.title.trim() || 'Untitled',
    excerpt: htmlToPlainText(item.excerpt).slice(0, 500),
    content,
    status: plan.status,
    publishedAt: plan.publishedAt,
    categoryId:
      item.categories.map((slug) => categoryIds.get(slug)).find((id) => id !== undefined) ?? null,
    authorId: (item.author && authorIds.get(item.author)) || null,
    featuredImage: accepted
      ? await resolver.resolve(
          accepted,
          item.imageAlt || item.imageCaption
            ? { alt: item.imageAlt ?? '', caption: item.imageCaption ?? '' }
            : found.attachmentTexts.get(accepted),
        )
      : null,
    hasVideo: body.videoUrl !== null,
    videoUrl: body.videoUrl,
    ...(await accessValues(item)),
    ...(await seoValues(item, resolver)),
  }
  const ids = [
    ...new Set(
      item.tags.map((slug) => tagIds.get(slug)).filter((id): id is number => id !== undefined),
    ),
  ]
  const { outcome, slug } = await getDb().transaction((tx) =>
    writeArticle(
      tx,
      siteKey,
      item,
      values,
      ids,
      actor,
      now,
      (item.coAuthors ?? []).flatMap((source) => authorIds.get(source) ?? []),
    ),
  )
  const notes = [
    item.restricted ? 'password-protected: imported hidden' : '',
    values.access === 'everyone' ? '' : `for ${ACCESS_LEVEL_NAMES[values.access].toLowerCase()}`,
    featured && !accepted
      ? `featured image refused (not an image address): ${featured.slice(0, 200)}`
      : '',
    plan.scheduled ? 'scheduled' : '',
  ].filter(Boolean)
  return {
    ...base,
    outcome,
    path: `/article/${slug}`,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  }
}

/** The search and social fields, the social image stored in the library as a featured one is. */
async function seoValues(item: SourceItem, resolver: ImageResolver) {
  const fields = importedSeoFields({
    seoTitle: item.seo?.title,
    metaDescription: item.seo?.description,
    socialImage: item.seo?.image,
  })
  return {
    ...fields,
    socialImage: fields.socialImage ? await resolver.resolve(fields.socialImage) : null,
  }
}

/**
 * The article's access columns: the source's level, and for members the site's plans it
 * names (by slug or name; none matching: any plan). Plans are read only for an item naming some.
 */
async function accessValues(item: SourceItem) {
  const access = item.access ?? EVERYONE
  const members = access.level === 'members'
  const named = members && access.plans.length > 0
  const ours = named
    ? await getDb().select({ id: plans.id, slug: plans.slug, name: plans.name }).from(plans)
    : []
  return {
    access: access.level,
    accessPlanIds: named ? matchPlans(access.plans, ours) : [],
    freeForNow: members && access.freeForNow === true,
    previewParagraphs: access.previewParagraphs ?? null,
  }
}
