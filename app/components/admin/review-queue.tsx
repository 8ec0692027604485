import { ClipboardCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { formatRelative } from '~/lib/dates'

export interface ReviewQueueEntry {
  id: number
  title: string
  writerName: string | null
  waitingSince: Date | string
}

/**
 * The dashboard's "Waiting for review" (editors and admins): the articles writers submitted,
 * the longest-waiting first, each opening the form where the editor publishes it or returns
 * it with a note.
 */
export function ReviewQueueCard({
  items,
  total,
  now,
  className,
}: {
  items: ReviewQueueEntry[]
  total: number
  /** The server's render time, so that "2 hours ago" reads the same after hydration. */
  now: Date | string
  className?: string
}) {
  return (
    <Card role="region" aria-labelledby="review-queue" className={className}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <div className="grid gap-1">
          <CardTitle>
            <h2 id="review-queue" className="flex items-center gap-2">
              Waiting for review
              <span className="inline-grid h-6 min-w-6 place-items-center rounded-full bg-status-review px-2 font-sans text-sm font-semibold tabular-nums text-status-review-foreground">
                {total}
              </span>
            </h2>
          </CardTitle>
          <CardDescription>
            Publish an article from its form, or return it to its writer with a note.
          </CardDescription>
        </div>
        {total > items.length ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/articles?status=review">See all {total}</Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
            <ClipboardCheckIcon aria-hidden="true" className="size-5 shrink-0" />
            <p>Nothing is waiting for review. Submitted articles appear here.</p>
          </div>
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
              >
                <Link
                  to={`/admin/edit-article/${item.id}`}
                  className="min-w-0 rounded-sm font-medium hover:underline focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="line-clamp-2">{item.title}</span>
                </Link>
                <p className="text-sm text-muted-foreground">
                  By {item.writerName ?? 'Unknown'} ·{' '}
                  <time dateTime={new Date(item.waitingSince).toISOString()}>
                    submitted {formatRelative(item.waitingSince, new Date(now))}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
