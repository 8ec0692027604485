import { format } from 'date-fns'
import { CalendarClockIcon } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ArticleStatus } from '~/domain/articles/articles-schema'
import { isScheduled } from '~/domain/articles/article-rules'

const noop = () => () => {}

// The server renders in its own time zone; local times only make sense in the browser, so
// they are shown after hydration (the same markup on both sides until then).
function useBrowser() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}

/** `yyyy-MM-ddTHH:mm` in the browser's time zone, for a datetime-local input. */
function toLocalInput(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : format(date, "yyyy-MM-dd'T'HH:mm:ss")
}

function fromLocalInput(local: string) {
  if (!local) return ''
  // Date-time strings without an offset are read as local time.
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString()
}

/**
 * The optional publication time. It posts as an ISO instant in a hidden input; a future one
 * with the status "Make public" schedules the article.
 */
export function ArticlePublishField({
  value,
  status,
  onChange,
  errors,
}: {
  value: string
  status: ArticleStatus
  onChange: (iso: string) => void
  errors?: string[]
}) {
  const inBrowser = useBrowser()
  const date = value ? new Date(value) : null
  const scheduled =
    inBrowser && date !== null && isScheduled({ status, publishedAt: date }, new Date())
  const zone = inBrowser ? Intl.DateTimeFormat().resolvedOptions().timeZone : null
  const invalid = Boolean(errors?.length)
  return (
    <Field>
      <input type="hidden" name="publishedAt" value={value} />
      <Label htmlFor="publishedAt-local">Publish date</Label>
      <Input
        id="publishedAt-local"
        type="datetime-local"
        // Seconds too: an embargo can fall on an exact time.
        step={1}
        value={inBrowser && value ? toLocalInput(value) : ''}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'publishedAt-error' : 'publishedAt-help'}
        onChange={(event) => onChange(fromLocalInput(event.target.value))}
      />
      <FieldDescription id="publishedAt-help">
        Optional, for “Make public”: empty publishes when you save, a future time schedules the
        article.{zone ? ` Times are in ${zone}.` : null}
      </FieldDescription>
      <FieldError id="publishedAt-error" errors={errors} />
      {scheduled && date ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-primary">
          <CalendarClockIcon aria-hidden="true" className="size-4" />
          Scheduled for {format(date, "MMMM d, yyyy 'at' h:mm:ss a")}
        </p>
      ) : null}
    </Field>
  )
}
