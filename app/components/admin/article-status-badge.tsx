import { CalendarClockIcon } from 'lucide-react'
import { Badge, statusBadgeVariant } from '~/components/ui/badge'
import { listedStatus } from '~/domain/articles/article-rules'
import { ARTICLE_STATUS_NAMES, type ArticleStatus } from '~/domain/articles/articles-schema'
import { formatShortDate } from '~/lib/dates'
import { usePaperTimeZone } from './use-paper-time-zone'

/**
 * An article's status in the dashboard and the articles list, by the one rule (listedStatus):
 * a published story whose time is to come reads "Scheduled", with the day it goes out, not a
 * green "Published" that readers cannot see yet.
 */
export function ArticleStatusBadge({
  status,
  publishedAt,
}: {
  status: ArticleStatus
  publishedAt: Date | string | null
}) {
  const timeZone = usePaperTimeZone()
  const date = publishedAt === null ? null : new Date(publishedAt)
  if (date && listedStatus({ status, publishedAt: date }, new Date()) === 'scheduled') {
    return (
      <span className="inline-flex flex-col items-start gap-0.5">
        <Badge variant="outline">
          <CalendarClockIcon aria-hidden="true" />
          Scheduled
        </Badge>
        <time dateTime={date.toISOString()} className="text-xs text-muted-foreground">
          {formatShortDate(date, timeZone)}
        </time>
      </span>
    )
  }
  return <Badge variant={statusBadgeVariant(status)}>{ARTICLE_STATUS_NAMES[status]}</Badge>
}
