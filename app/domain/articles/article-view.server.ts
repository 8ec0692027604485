import { eq, inArray } from 'drizzle-orm'
import { categories, profiles, tags } from '@db/schema/index'
import { bylineColumns } from '~/domain/authors/authors-queries.server'
import { toBylineAuthors, type BylineAuthor } from '~/domain/authors/byline'
import { showBodyImage, type BodyImageLibrary } from '~/domain/media/body-images'
import { describeBodyImages } from '~/domain/media/body-images.server'
import {
  describeRelatedCards,
  showRelatedCards,
  type RelatedCards,
} from '~/domain/related-cards.server'
import { describeImage } from '~/domain/media/image-facts.server'
import { getDb } from '~/infra/db.server'
import { renderArticleHtml, sanitizeArticleHtml } from '~/infra/sanitize.server'
import type { ArticleRead } from '~/domain/membership/article-read.server'
import { splitAtPreview } from '~/domain/membership/preview'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatArticleDate, formatDateWithTime, formatUpdatedTime } from '~/lib/dates'
import { DEFAULT_TIME_ZONE } from '~/lib/time-zone'
import { readingTimeFromWordCount } from '~/lib/reading-time'
import { toEmbedUrl, type VideoEmbed } from '~/lib/video-embed'
import { coverPosition, focalPointOf, FRAME, type FocalPoint } from '~/lib/focal-point'
import { getArticlePreview } from './admin-articles-queries.server'
import { isScheduled } from './article-rules'
import type { CorrectionRow } from './corrections-queries.server'
import { isVisiblyRevised } from './revision-rules'
import { withoutRepeatedStandfirst } from './standfirst'
import type { ArticleDetail } from './articles-queries.server'
import type { ArticleDraftInput, ArticleStatus } from './articles-schema'
import { countWords } from './word-count.server'

// The article page's read model: what the reader's page and the admin preview both draw
// (components/site/article-view.tsx), built from a row by one function.

/** A tag under the article; `slug` is null for a tag that does not exist yet (preview). */
export interface ArticleViewTag {
  id: number | string
  name: string
  slug: string | null
}

/** A correction at the end of the article. */
export interface ArticleCorrectionView {
  id: number
  text: string
  correctedIso: string
  correctedLabel: string
}

/** The featured image as the page shows it: alt text and caption from the media library. */
export interface ArticleImageView {
  url: string
  /** The library's alt text, else the article's title. */
  alt: string
  /** '' for none. */
  caption: string
  /** Who made it, '' for none (shown as "Photo: …"). */
  credit: string
  width: number | null
  height: number | null
  /** Its `object-position` in the page's 16:9 header, around the library's focal point. */
  position: string
  /** The focal point; the centre for an image the library does not know. */
  focal: FocalPoint
}

/** Everything the article page shows, worded on the server. */
export interface ArticlePageView {
  title: string
  excerpt: string
  contentHtml: string
  featuredImage: string | null
  /** The featured image with its alt text and caption; null without one. */
  image: ArticleImageView | null
  video: VideoEmbed | null
  categoryName: string | null
  categorySlug: string | null
  /** Its bylines in order (issue 40); none: no author ("Anonymous"). */
  authors: BylineAuthor[]
  publishedIso: string
  /**
   * "November 26, 2026 at 2:32 PM" in the paper's time zone (shown as "Published …"): the
   * spec's "MMMM d, yyyy" with the time readers asked for.
   */
  publishedLabel: string
  readingMinutes: number
  tags: ArticleViewTag[]
  /**
   * "Updated 3:10 PM" (the same day) or "Updated November 27, 2026 at 9:10 AM": edited or corrected
   * after publication; else null.
   */
  updatedIso: string | null
  updatedLabel: string | null
  /** Newest first. */
  corrections: ArticleCorrectionView[]
  /**
   * A gated story read in full: the body after its preview (`contentHtml` then holds the
   * preview), drawn in the part JSON-LD names as not free. Null otherwise.
   */
  paywalledHtml: string | null
}

/** The article page under the preview's banner. */
export interface ArticlePreviewView extends ArticlePageView {
  id: number | null
  status: ArticleStatus
  scheduledLabel: string | null
  unsaved: boolean
}

type ArticleViewSource = Pick<
  ArticleDetail,
  | 'title'
  | 'excerpt'
  | 'content'
  | 'featuredImage'
  | 'featuredImageFacts'
  | 'hasVideo'
  | 'videoUrl'
  | 'categoryName'
  | 'categorySlug'
  | 'bylines'
  | 'publishedAt'
  | 'wordCount'
> & {
  tags: ArticleViewTag[]
  revisedAt?: Date | null
  corrections?: CorrectionRow[]
  /** The library's word on the body's images (none: each keeps what it was stored with). */
  bodyImages?: BodyImageLibrary
  /** The public stories its related-article cards name (none: no card is shown). */
  relatedCards?: RelatedCards
}

export function toArticleView(
  article: ArticleViewSource,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): ArticlePageView {
  // An article not yet published (preview) is shown as it would look if it went out now.
  const shown = article.publishedAt ?? now
  return {
    title: article.title,
    excerpt: article.excerpt,
    // Sanitised on save and again here: whatever reached the database, no script, event
    // handler or javascript: URL reaches a reader. Library images take the library's alt text
    // and caption as they are now, unless this use overrides them.
    contentHtml: withoutRepeatedStandfirst(renderBody(article, article.content), article.excerpt),
    featuredImage: article.featuredImage,
    image: imageView(article),
    video: article.hasVideo ? toEmbedUrl(article.videoUrl) : null,
    categoryName: article.categoryName,
    categorySlug: article.categorySlug,
    authors: toBylineAuthors(article.bylines),
    publishedIso: shown.toISOString(),
    publishedLabel: formatDateWithTime(shown, timeZone),
    readingMinutes: readingTimeFromWordCount(article.wordCount),
    tags: article.tags,
    ...updatedView(article.publishedAt, article.revisedAt ?? null, timeZone),
    corrections: (article.corrections ?? []).map((correction) => ({
      id: correction.id,
      text: correction.text,
      correctedIso: correction.correctedAt.toISOString(),
      correctedLabel: formatArticleDate(correction.correctedAt, timeZone),
    })),
    paywalledHtml: null,
  }
}

function renderBody(article: ArticleViewSource, html: string): string {
  return showRelatedCards(
    renderArticleHtml(html, (image) => showBodyImage(image, article.bodyImages ?? {})),
    article.relatedCards ?? {},
  )
}

/**
 * The article page's view for one kind of reader. A free story is the whole body; a gated one
 * is cut where its preview ends: the reader without access gets the preview and nothing of
 * the rest (not in the page, not in its data), the reader with access the rest beside it as
 * `paywalledHtml`. Cut on the stored body, where the editor's marker is.
 */
export function toReaderArticleView(
  article: ArticleViewSource,
  read: ArticleRead,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): ArticlePageView {
  if (!read.gated) return toArticleView(article, now, timeZone)
  const { preview, rest } = splitAtPreview(article.content, read.previewParagraphs)
  const view = toArticleView({ ...article, content: preview }, now, timeZone)
  return { ...view, paywalledHtml: read.full ? renderBody(article, rest) : null }
}

function imageView(article: ArticleViewSource): ArticleImageView | null {
  if (!article.featuredImage) return null
  const facts = article.featuredImageFacts
  const focal = focalPointOf(facts?.focalX, facts?.focalY)
  return {
    url: article.featuredImage,
    alt: facts?.alt || article.title,
    caption: facts?.caption ?? '',
    credit: facts?.credit ?? '',
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    position: coverPosition(focal, facts ?? null, FRAME.wide),
    focal,
  }
}

function updatedView(publishedAt: Date | null, revisedAt: Date | null, timeZone: string) {
  return revisedAt && isVisiblyRevised(publishedAt, revisedAt)
    ? {
        updatedIso: revisedAt.toISOString(),
        updatedLabel: formatUpdatedTime(revisedAt, publishedAt, timeZone),
      }
    : { updatedIso: null, updatedLabel: null }
}

function toPreviewView(
  article: ArticleViewSource & { id: number | null; status: ArticleStatus },
  unsaved: boolean,
  now: Date,
  timeZone: string,
): ArticlePreviewView {
  const { publishedAt, status } = article
  const scheduled = publishedAt !== null && isScheduled({ status, publishedAt }, now)
  return {
    ...toArticleView(article, now, timeZone),
    id: article.id,
    status,
    scheduledLabel: scheduled ? `${formatDateWithTime(publishedAt, timeZone)} (${timeZone})` : null,
    unsaved,
  }
}

/** The stored article in any status (admin only, behind requireStaff). */
export async function getArticlePreviewView(
  id: number,
  now: Date = new Date(),
): Promise<ArticlePreviewView | null> {
  const [article, { timeZone }] = await Promise.all([getArticlePreview(id), getSiteSettings()])
  return article ? toPreviewView(article, false, now, timeZone) : null
}

/**
 * The article form's values as they would look once saved, without saving them: names of
 * its category, author and tags looked up, the body sanitised and counted as a save would.
 */
export async function previewArticleInput(
  input: ArticleDraftInput,
  {
    id,
    fallbackAuthorId,
    fallbackAuthorName,
    coAuthorIds = [],
    unsaved = true,
  }: {
    id: number | null
    /** The stored later bylines, when the form posted none (it has no byline picker). */
    coAuthorIds?: readonly string[]
    /** The signed-in writer, the author when the form names none (docs/product.md §6). */
    fallbackAuthorId?: string
    fallbackAuthorName: string | null
    /** The form held changes not saved yet (the bar says so); false right after a save. */
    unsaved?: boolean
  },
  now: Date = new Date(),
): Promise<ArticlePreviewView> {
  const db = getDb()
  const content = sanitizeArticleHtml(input.content)
  const authorId = input.authorId ?? fallbackAuthorId
  const bylineIds = [
    ...new Set([...(authorId ? [authorId] : []), ...(input.coAuthorIds ?? coAuthorIds)]),
  ]
  const [
    [category],
    bylineRows,
    existingTags,
    wordCount,
    featuredImageFacts,
    bodyImages,
    relatedCards,
    { timeZone },
  ] = await Promise.all([
    input.categoryId
      ? db
          .select({ name: categories.name, slug: categories.slug })
          .from(categories)
          .where(eq(categories.id, input.categoryId))
      : [],
    bylineIds.length > 0
      ? db
          .select({ id: profiles.id, name: bylineColumns.authorName, username: profiles.username })
          .from(profiles)
          .where(inArray(profiles.id, bylineIds))
      : [],
    input.tags.length > 0
      ? db
          .select({ id: tags.id, name: tags.name, slug: tags.slug })
          .from(tags)
          .where(inArray(tags.id, input.tags))
      : [],
    countWords(content),
    describeImage(input.featuredImage),
    describeBodyImages(content),
    describeRelatedCards(content),
    getSiteSettings(),
  ])
  return toPreviewView(
    {
      id,
      status: input.status,
      title: input.title,
      excerpt: input.excerpt,
      content,
      featuredImage: input.featuredImage,
      featuredImageFacts,
      bodyImages,
      relatedCards,
      hasVideo: input.hasVideo,
      videoUrl: input.videoUrl,
      categoryName: category?.name ?? null,
      categorySlug: category?.slug ?? null,
      bylines: bylinesInOrder(bylineIds, bylineRows, fallbackAuthorName),
      publishedAt: input.status === 'published' ? input.publishedAt : null,
      wordCount,
      tags: [
        ...existingTags,
        ...input.newTags.map((name) => ({ id: `new-${name}`, name, slug: null })),
      ],
    },
    unsaved,
    now,
    timeZone,
  )
}

/** The preview's bylines in the form's order (an account gone meanwhile is left out). */
function bylinesInOrder(
  ids: readonly string[],
  rows: { id: string; name: string | null; username: string | null }[],
  fallbackName: string | null,
): ArticleViewSource['bylines'] {
  if (ids.length === 0) {
    return fallbackName ? [{ id: '', name: fallbackName, username: null }] : []
  }
  return ids.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id)
    return row?.name ? [{ id, name: row.name, username: row.username }] : []
  })
}
