import { isLive, type PublishState } from './article-rules'

// When a published article counts as updated ("Updated {date}", JSON-LD dateModified), as pure
// functions beside the publishing rules. Glossary in README.md ("revised").

/** What a reader sees of an article, compared before and after a save. */
export interface ReaderVisibleFields {
  title: string
  excerpt: string
  content: string
  featuredImage: string | null
  hasVideo: boolean
  videoUrl: string | null
}

const VISIBLE_FIELDS: readonly (keyof ReaderVisibleFields)[] = [
  'title',
  'excerpt',
  'content',
  'featuredImage',
  'hasVideo',
  'videoUrl',
]

/**
 * `revised_at` after a manual save: now, when the article was already in front of readers
 * (published and its time come), stays published, and the save changes what they read;
 * else what it was. A scheduled article that has not gone out yet has no readers to tell.
 */
export function nextRevisedAt(
  current: PublishState & ReaderVisibleFields & { revisedAt: Date | null },
  next: ReaderVisibleFields & { status: PublishState['status'] },
  now: Date,
): Date | null {
  if (!isLive(current, now) || next.status !== 'published') return current.revisedAt
  const changed = VISIBLE_FIELDS.some((field) => (current[field] ?? null) !== (next[field] ?? null))
  return changed ? now : current.revisedAt
}

/** A minute's grace: the first save of a published article is not an update of it. */
const UPDATE_GRACE_MS = 60_000

/** Show "Updated {date}" (and use it as dateModified) only when it is after publication. */
export function isVisiblyRevised(publishedAt: Date | null, revisedAt: Date | null): boolean {
  if (!publishedAt || !revisedAt) return false
  return revisedAt.getTime() - publishedAt.getTime() > UPDATE_GRACE_MS
}

/** The later of two dates: a correction dated earlier than the last update does not rewind it. */
export function laterDate(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b
}
