import type { ArticleCardData, BreakingNewsItem } from '~/domain/articles/articles-queries.server'
import type { NewspaperEdition } from '~/domain/newspapers/newspapers-queries.server'
import { isVisiblyRevised } from '~/domain/articles/revision-rules'
import { formatCalendarDate, formatRelative } from '~/lib/dates'
import { formatFileSize } from '~/lib/file-size'
import { readingTimeFromWordCount } from '~/lib/reading-time'
import { coverPosition, focalPointOf, FRAME } from '~/lib/focal-point'
import type { ImageFacts } from '~/domain/media/media-schema'

/** A card's data, with its times already worded by the server (card-view.server.ts). */
export interface ArticleCardView {
  id: number
  slug: string
  title: string
  excerpt: string
  featuredImage: string | null
  /** The image's alt text from the media library; '' (the title beside it says it) when none. */
  featuredImageAlt: string
  /**
   * `object-position` of the image in a 16:9 card and in a small card's 4:3, around the
   * library's focal point (lib/focal-point.ts).
   */
  featuredImagePosition: CardImagePosition
  hasVideo: boolean
  categoryName: string | null
  categorySlug: string | null
  publishedIso: string | null
  /** "about 2 hours ago"; a live article's "Updated 2 minutes ago" (its newest entry). */
  relativeTime: string
  readingMinutes: number
  /** Coverage running: the LIVE badge. */
  isLive: boolean
  /** A members story: the "Members" label (members-badge.tsx). */
  isMembers: boolean
}

export interface CardImagePosition {
  wide: string
  card: string
}

/** Where the frames of a card cut an image the library knows (the centre for one it does not). */
export function cardImagePosition(facts: ImageFacts | null | undefined): CardImagePosition {
  const focal = focalPointOf(facts?.focalX, facts?.focalY)
  const size = facts ? { width: facts.width, height: facts.height } : null
  return {
    wide: coverPosition(focal, size, FRAME.wide),
    card: coverPosition(focal, size, FRAME.card),
  }
}

export interface BreakingNewsItemView {
  id: number
  slug: string
  title: string
  /** Its last visible change, else its publication. */
  publishedIso: string | null
  /** "about 2 hours ago" or "Updated 5 minutes ago", worded by the server. */
  timeLabel: string
  /** When it leaves the bar; the bar drops it then by the browser's clock. */
  expiresIso: string
  /** Coverage running: the bar marks it LIVE (app.css, `[data-live]`). */
  isLive: boolean
}

export interface NewspaperEditionView {
  slug: string
  title: string
  /** The reader: /newspapers/{slug}. */
  href: string
  pdfUrl: string
  /** YYYY-MM-DD */
  dateIso: string
  dateLabel: string
  /** "No. 123", or null for an unnumbered edition. */
  numberLabel: string | null
  /** "4 pages" */
  pagesLabel: string
  /** "1.25 MB", or "36 KB" below a megabyte */
  sizeLabel: string
  /** The first page; width/height always set (a US Letter page's ratio when unknown). */
  cover: { url: string; width: number; height: number } | null
}

/**
 * What a card shows, worked out on the server: the relative time and reading time arrive as
 * text, so the browser needs no date library and hydration sees the same words.
 */
export function toCardView(article: ArticleCardData, now: Date = new Date()): ArticleCardView {
  // A live article's card says when its coverage last changed (the home page follows it).
  const liveUpdated = article.isLive ? (article.liveUpdatedAt ?? null) : null
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    featuredImage: article.featuredImage,
    featuredImageAlt: article.featuredImageFacts?.alt ?? '',
    featuredImagePosition: cardImagePosition(article.featuredImageFacts),
    hasVideo: article.hasVideo,
    categoryName: article.categoryName,
    categorySlug: article.categorySlug,
    publishedIso: (liveUpdated ?? article.publishedAt)?.toISOString() ?? null,
    relativeTime: liveUpdated
      ? `Updated ${formatRelative(liveUpdated, now)}`
      : formatRelative(article.publishedAt, now),
    readingMinutes: readingTimeFromWordCount(article.wordCount),
    isLive: article.isLive === true,
    isMembers: article.isMembers === true,
  }
}

export function toCardViews(articles: ArticleCardData[], now: Date = new Date()) {
  return articles.map((article) => toCardView(article, now))
}

export function toBreakingViews(
  items: BreakingNewsItem[],
  now: Date = new Date(),
): BreakingNewsItemView[] {
  return items.map((item) => {
    // A breaking story says when it was last touched: its update, once there is one.
    const revised = isVisiblyRevised(item.publishedAt, item.revisedAt) ? item.revisedAt : null
    const shown = revised ?? item.publishedAt
    return {
      id: item.id,
      slug: item.slug,
      title: item.title,
      publishedIso: shown ? shown.toISOString() : null,
      timeLabel: revised
        ? `Updated ${formatRelative(revised, now)}`
        : formatRelative(item.publishedAt, now),
      expiresIso: item.expiresAt.toISOString(),
      isLive: item.isLive,
    }
  })
}

/** An edition's cover size when the upload could not tell: a US Letter page, in points. */
const PAGE_WIDTH = 612
const PAGE_HEIGHT = 792

export function toEditionView(edition: NewspaperEdition): NewspaperEditionView {
  const pages = edition.pageCount
  return {
    slug: edition.slug,
    title: edition.title,
    href: `/newspapers/${edition.slug}`,
    pdfUrl: edition.pdfUrl,
    dateIso: edition.editionDate,
    dateLabel: formatCalendarDate(edition.editionDate),
    numberLabel: edition.number === null ? null : `No. ${edition.number}`,
    pagesLabel: `${pages} ${pages === 1 ? 'page' : 'pages'}`,
    sizeLabel: formatFileSize(edition.size),
    cover: edition.cover
      ? {
          url: edition.cover.url,
          width: edition.cover.width ?? PAGE_WIDTH,
          height: edition.cover.height ?? PAGE_HEIGHT,
        }
      : null,
  }
}

export function toEditionViews(editions: NewspaperEdition[]): NewspaperEditionView[] {
  return editions.map(toEditionView)
}
