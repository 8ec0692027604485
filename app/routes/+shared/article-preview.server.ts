import { eq, inArray } from 'drizzle-orm'
import { categories, profiles, tags } from '@db/schema/index'
import type { ArticlePreviewView } from '~/components/admin/article-preview'
import { getArticlePreview } from '~/domain/articles/admin-articles-queries.server'
import { isScheduled } from '~/domain/articles/article-rules'
import { articleDraftSchema, articleFormValues } from '~/domain/articles/articles-schema'
import { getDb } from '~/infra/db.server'
import type { SessionUser } from '~/infra/permissions.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { formatLongDate } from '~/lib/dates'
import { readingTimeMinutes } from '~/lib/reading-time'
import { slugify } from '~/lib/slugify'
import { toEmbedUrl } from '~/lib/video-embed'

// Builds what the admin preview shows, from the stored article or from the form as posted
// (unsaved changes). Either way the body goes through the same sanitiser as a save.

function dateParts(publishedAt: Date | null, status: string, now: Date) {
  // An unpublished article is shown as it would look if it went out now.
  const shown = publishedAt ?? now
  const scheduled =
    publishedAt && isScheduled({ status: status as 'published', publishedAt }, now)
      ? `${formatLongDate(publishedAt)}, ${publishedAt.toISOString().slice(11, 16)} UTC`
      : null
  return {
    publishedIso: shown.toISOString(),
    publishedLabel: formatLongDate(shown),
    scheduledLabel: scheduled,
  }
}

export async function previewOfStoredArticle(id: number): Promise<ArticlePreviewView | null> {
  const article = await getArticlePreview(id)
  if (!article) return null
  const contentHtml = sanitizeArticleHtml(article.content)
  return {
    id: article.id,
    status: article.status,
    unsaved: false,
    title: article.title,
    excerpt: article.excerpt,
    contentHtml,
    featuredImage: article.featuredImage,
    video: article.hasVideo ? toEmbedUrl(article.videoUrl) : null,
    categoryName: article.categoryName,
    categorySlug: article.categorySlug,
    authorName: article.authorName,
    readingMinutes: readingTimeMinutes(contentHtml),
    tags: article.tags,
    ...dateParts(article.publishedAt, article.status, new Date()),
  }
}

/** The posted form, or what is wrong with it (the page shows that instead). */
export async function previewOfSubmission(
  formData: FormData,
  user: SessionUser,
  id: number | null,
): Promise<{ article: ArticlePreviewView; error?: never } | { article?: never; error: string }> {
  const values = articleFormValues(formData)
  const parsed = articleDraftSchema.safeParse({
    ...values,
    title: values.title?.trim() || 'Untitled',
  })
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid article' }
  const input = parsed.data
  const db = getDb()
  const [category] = input.categoryId
    ? await db
        .select({ name: categories.name, slug: categories.slug })
        .from(categories)
        .where(eq(categories.id, input.categoryId))
    : []
  const [author] = input.authorId
    ? await db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, input.authorId))
    : [{ username: user.username }]
  const existingTags =
    input.tags.length > 0
      ? await db
          .select({ id: tags.id, name: tags.name, slug: tags.slug })
          .from(tags)
          .where(inArray(tags.id, input.tags))
      : []
  const contentHtml = sanitizeArticleHtml(input.content)
  const article: ArticlePreviewView = {
    id,
    status: input.status,
    unsaved: true,
    title: input.title,
    excerpt: input.excerpt,
    contentHtml,
    featuredImage: input.featuredImage,
    video: input.hasVideo ? toEmbedUrl(input.videoUrl) : null,
    categoryName: category?.name ?? null,
    categorySlug: category?.slug ?? null,
    authorName: author?.username ?? null,
    readingMinutes: readingTimeMinutes(contentHtml),
    tags: [
      ...existingTags,
      ...input.newTags.map((name) => ({ id: `new-${name}`, name, slug: slugify(name) })),
    ],
    ...dateParts(input.status === 'published' ? input.publishedAt : null, input.status, new Date()),
  }
  return { article }
}
