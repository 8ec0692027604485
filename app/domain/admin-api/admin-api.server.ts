import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import { articles } from '@db/schema/index'
import {
  canListAnyonesArticles,
  canOpenArticle,
  canUploadImages,
  type Actor,
} from '~/domain/access/access-rules'
import { isBylineOf } from '~/domain/access/bylines.server'
import {
  getArticleForEdit,
  type ArticleForEdit,
} from '~/domain/articles/admin-articles-queries.server'
import { createArticle, updateArticle } from '~/domain/articles/articles.server'
import { articleFormSchema } from '~/domain/articles/articles-schema'
import { storeUpload } from '~/domain/media/media.server'
import { tooLargeMessage, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { receiveSingleFile, type ReceivedFile } from '~/domain/media/receive-upload.server'
import { getDb } from '~/infra/db.server'
import { absoluteUrl } from '~/lib/seo'
import { AdminApiError, type AdminApiFieldErrors } from './admin-api-errors'
import type {
  AdminArticleCreate,
  AdminArticleListQuery,
  AdminArticleUpdate,
  adminArticleSchema,
  adminArticleSummarySchema,
  adminMediaAnswerSchema,
} from './admin-api-schemas'
import type { z } from 'zod'

// What /api/admin/v1 does for a token's owner (docs/admin-api.md). Every write goes through the
// back office's own services (createArticle, updateArticle, storeUpload) with the owner as the
// actor, so the field rules, the edit lock, the sanitiser and the revision history apply as
// they do to the editor's form; reads ask the same access rules as the editor's pages.

type AdminArticle = z.output<typeof adminArticleSchema>
type AdminArticleSummary = z.output<typeof adminArticleSummarySchema>

/** The body's names for the form's fields, where they differ (for field errors). */
const API_FIELD: Record<string, string> = { content: 'html', newTags: 'tags' }

function summaryOf(row: ArticleForEdit, siteUrl: string): AdminArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    excerpt: row.excerpt ?? '',
    categoryId: row.categoryId,
    tags: row.tags.map((tag) => ({ id: tag.id, name: tag.name })),
    featuredImage: row.featuredImage,
    authorId: row.authorId,
    coAuthorIds: [...row.coAuthorIds],
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editUrl: absoluteUrl(siteUrl, `/admin/edit-article/${row.id}`),
  }
}

function articleOf(row: ArticleForEdit, siteUrl: string): AdminArticle {
  return { ...summaryOf(row, siteUrl), html: row.content }
}

/** Unpublished work, newest first: everyone's for authors and up, else the owner's own. */
export async function listAdminApiArticles(
  actor: Actor,
  query: AdminArticleListQuery,
  siteUrl: string,
): Promise<{ data: AdminArticleSummary[]; next: string | null }> {
  const where: SQL[] = [eq(articles.status, query.status)]
  if (query.mine === 'true' || !canListAnyonesArticles(actor)) where.push(isBylineOf(actor.id))
  if (query.cursor !== undefined) where.push(lt(articles.id, Number(query.cursor)))
  const ids = await getDb()
    .select({ id: articles.id })
    .from(articles)
    .where(and(...where))
    .orderBy(desc(articles.id))
    .limit(query.limit + 1)
  const page = ids.slice(0, query.limit)
  const rows = await Promise.all(page.map(({ id }) => getArticleForEdit(id)))
  return {
    data: rows.flatMap((row) => (row ? [summaryOf(row, siteUrl)] : [])),
    next: ids.length > query.limit ? String(page[page.length - 1].id) : null,
  }
}

/** One article, for whoever may open it in the back office. */
export async function getAdminApiArticle(
  actor: Actor,
  id: number,
  siteUrl: string,
): Promise<AdminArticle> {
  const row = await getArticleForEdit(id)
  if (!row) throw new AdminApiError('not_found', 'No article has this id.')
  if (!canOpenArticle(actor, row)) {
    throw new AdminApiError('forbidden', 'Your role does not allow you to open this article.')
  }
  return articleOf(row, siteUrl)
}

/** The form's values for the article form's schema: the same checks as the editor's save. */
function formInput(values: Record<string, unknown>) {
  const parsed = articleFormSchema.safeParse(values)
  if (parsed.success) return parsed.data
  const fields: AdminApiFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const name = API_FIELD[String(issue.path[0])] ?? String(issue.path[0] ?? 'body')
    ;(fields[name] ??= []).push(issue.message)
  }
  throw new AdminApiError('invalid_body', 'Some fields are not valid.', { fields })
}

export async function createAdminApiArticle(
  actor: Actor,
  body: AdminArticleCreate,
  siteUrl: string,
): Promise<AdminArticle> {
  const input = formInput({
    title: body.title,
    content: body.html,
    excerpt: body.excerpt ?? '',
    categoryId: body.categoryId ?? null,
    status: body.status ?? 'draft',
    publishedAt: body.publishedAt ?? null,
    featuredImage: body.featuredImage ?? null,
    tags: [],
    newTags: body.tags ?? [],
    isFeatured: false,
    hasVideo: false,
    videoUrl: null,
    authorId: null,
  })
  const saved = await createArticle(input, actor)
  return getAdminApiArticle(actor, saved.id, siteUrl)
}

/** Changes the fields the body names; every other field stays as it is. */
export async function updateAdminApiArticle(
  actor: Actor,
  id: number,
  body: AdminArticleUpdate,
  siteUrl: string,
): Promise<AdminArticle> {
  const current = await getArticleForEdit(id)
  if (!current) throw new AdminApiError('not_found', 'No article has this id.')
  const given = <K extends keyof AdminArticleUpdate, T>(key: K, otherwise: T) =>
    body[key] === undefined ? otherwise : body[key]
  const input = formInput({
    title: given('title', current.title),
    content: given('html', current.content),
    excerpt: given('excerpt', current.excerpt ?? ''),
    categoryId: given('categoryId', current.categoryId),
    status: given('status', current.status),
    publishedAt: given('publishedAt', current.publishedAt?.toISOString() ?? null),
    featuredImage: given('featuredImage', current.featuredImage),
    // Tags by name replace the article's; none named: the stored ones, by id.
    tags: body.tags === undefined ? current.tags.map((tag) => tag.id) : [],
    newTags: body.tags ?? [],
    isFeatured: current.isFeatured,
    hasVideo: current.hasVideo,
    videoUrl: current.videoUrl,
    authorId: current.authorId,
    seoTitle: current.seoTitle,
    metaDescription: current.metaDescription,
    socialImage: current.socialImage,
  })
  await updateArticle(id, input, actor, {
    expectedUpdatedAt: body.expectedUpdatedAt ? new Date(body.expectedUpdatedAt) : null,
  })
  return getAdminApiArticle(actor, id, siteUrl)
}

/** One image into the media library, with the media library's limits and checks. */
export async function uploadAdminApiImage(
  actor: Actor,
  request: Request,
): Promise<z.output<typeof adminMediaAnswerSchema>['data']> {
  if (!canUploadImages(actor)) {
    throw new AdminApiError('forbidden', 'Your role does not allow you to upload images.')
  }
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) {
    throw new AdminApiError(
      'unsupported_media_type',
      'Send the image as multipart/form-data with one file part.',
    )
  }
  let file: ReceivedFile | undefined
  try {
    file = await receiveSingleFile(request, UPLOAD_LIMITS.image, tooLargeMessage('image'))
    const stored = await storeUpload('image', file, { uploadedBy: actor.id })
    return {
      name: stored.name,
      url: stored.url,
      size: stored.size,
      ...(stored.width ? { width: stored.width } : {}),
      ...(stored.height ? { height: stored.height } : {}),
    }
  } finally {
    await file?.discard()
  }
}
