import { CalendarClockIcon, GlobeIcon } from 'lucide-react'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ArticleStatus } from '~/domain/articles/articles-schema'
import { isScheduled } from '~/domain/articles/article-rules'
import { formatDateWithTime } from '~/lib/dates'
import { formatOffset, fromWallTime, toWallMinute, zoneOffsetMinutes } from '~/lib/time-zone'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * The optional publication time, typed and shown in the site's time zone (the Settings
 * screen's; named beside the field), whatever zone the browser is in. It posts as an ISO
 * instant in a hidden input; a future one with the status "Make public" schedules the
 * article.
 */
export function ArticlePublishField({
  value,
  status,
  timeZone,
  onChange,
  errors,
  form,
}: {
  /** An ISO instant, or '' for none. */
  value: string
  status: ArticleStatus
  timeZone: string
  onChange: (iso: string) => void
  errors?: string[]
  /** The id of the form this field posts with. */
  form?: string
}) {
  // The zone is named, so the server and the browser render the same wall time; only
  // "scheduled" depends on the clock, and waits for the browser's.
  const hydrated = useHydrated()
  const date = value ? new Date(value) : null
  const scheduled =
    hydrated && date !== null && isScheduled({ status, publishedAt: date }, new Date())
  const offset = formatOffset(zoneOffsetMinutes(date ?? new Date(), timeZone))
  const invalid = Boolean(errors?.length)
  return (
    <Field>
      <input type="hidden" name="publishedAt" value={value} form={form} />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Label htmlFor="publishedAt-local">Publish date</Label>
        <span
          className="inline-flex items-center gap-1 text-xs text-muted-foreground"
          title={`Times are in ${timeZone} (${offset})`}
        >
          <GlobeIcon aria-hidden="true" className="size-3.5" />
          {timeZone}
        </span>
      </div>
      <Input
        id="publishedAt-local"
        type="datetime-local"
        // To the minute, as every time a person reads or types (docs/product.md, "Dates and
        // times"); an untouched value keeps its seconds, as the hidden input posts it whole.
        value={date ? toWallMinute(date, timeZone) : ''}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'publishedAt-error' : 'publishedAt-help'}
        onChange={(event) =>
          onChange(fromWallTime(event.target.value, timeZone)?.toISOString() ?? '')
        }
      />
      <FieldDescription id="publishedAt-help">
        For “Make public”: empty publishes when you save, a future time schedules it. Times are in{' '}
        {timeZone}
        {offset === 'UTC' && timeZone === 'UTC' ? '' : ` (${offset})`}.
      </FieldDescription>
      <FieldError id="publishedAt-error" errors={errors} />
      {scheduled && date ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-primary">
          <CalendarClockIcon aria-hidden="true" className="size-4 shrink-0" />
          Scheduled for {formatDateWithTime(date, timeZone)}
        </p>
      ) : null}
    </Field>
  )
}
