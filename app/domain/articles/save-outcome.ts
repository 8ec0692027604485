import { formatDateWithTime } from '~/lib/dates'
import type { ArticleStatus } from './articles-schema'

// What a save did, said in the toast after it (beside the spec's "Article updated
// successfully"), with a link to where the editor goes next: the story on the site once it is
// public, the article's form otherwise. Pure and client-safe.

export interface SaveOutcome {
  /** "Published", "Submitted for review", "Scheduled for November 27, 2026 at 6:00 AM", "Draft saved". */
  message: string
  link: { href: string; label: string } | null
}

export function saveOutcome(
  saved: { id: number; slug: string; status: ArticleStatus; publishedAt: Date | null },
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
): SaveOutcome | null {
  const edit = { href: `/admin/edit-article/${saved.id}`, label: 'Open the article' }
  switch (saved.status) {
    case 'published':
      if (saved.publishedAt && saved.publishedAt.getTime() > now.getTime()) {
        return {
          message: `Scheduled for ${formatDateWithTime(saved.publishedAt, timeZone)}`,
          link: edit,
        }
      }
      return {
        message: 'Published',
        link: { href: `/article/${encodeURIComponent(saved.slug)}`, label: 'view the story' },
      }
    case 'review':
      return { message: 'Submitted for review', link: edit }
    case 'draft':
      return { message: 'Draft saved', link: edit }
    default:
      // Archived and hidden: the spec's toast alone says it.
      return null
  }
}
