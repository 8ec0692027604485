import type { ArticleStatus } from './articles-schema'

// What a save did, said in the toast after it (beside the spec's "Article updated
// successfully"), with a link to where the editor goes next: the story on the site once it is
// public, the article's form otherwise. Pure and client-safe.

export interface SaveOutcome {
  /** "Published", "Submitted for review", "Scheduled for 27 Nov, 06:00", "Draft saved". */
  message: string
  link: { href: string; label: string } | null
}

const dayAndTime = new Map<string, Intl.DateTimeFormat>()

/** "27 Nov, 06:00" in the paper's time zone. */
export function formatDayAndTime(instant: Date, timeZone: string): string {
  let formatter = dayAndTime.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    dayAndTime.set(timeZone, formatter)
  }
  return formatter.format(instant)
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
          message: `Scheduled for ${formatDayAndTime(saved.publishedAt, timeZone)}`,
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
