import { useEffect } from 'react'
import { useFetcher, useRevalidator } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { SendProgress } from '~/domain/newsletter/issue-views'
import type { IssueStatus } from '~/domain/newsletter/lists-schema'
import type { ActionResult } from '~/lib/action-result'
import { ConfirmAction } from './confirm-action'
import { useActionToast } from './use-action-toast'

/** Test send, send now (after a question with the number of recipients), schedule, cancel. */
export function NewsletterSendPanel({
  status,
  recipients,
  ownEmail,
  timeZone,
  scheduledFor,
}: {
  status: IssueStatus
  recipients: number
  ownEmail: string
  timeZone: string
  scheduledFor: string | null
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {}
  const submit = (intent: string) => fetcher.submit({ intent }, { method: 'post' })
  const open = status === 'draft' || status === 'scheduled'
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send</CardTitle>
        <CardDescription>
          {recipients} {recipients === 1 ? 'recipient' : 'recipients'} now (confirmed, not paused,
          not suppressed).
          {scheduledFor ? ` Scheduled for ${scheduledFor} (${timeZone}).` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => submit('test-send')}
          >
            Send a test to {ownEmail}
          </Button>
          {open ? (
            <ConfirmAction
              trigger={
                <Button type="button" disabled={busy || recipients === 0}>
                  Send now
                </Button>
              }
              question={`Send to ${recipients} ${recipients === 1 ? 'recipient' : 'recipients'}?`}
              description="Each recipient gets this issue once; a send can be cancelled while it runs, but messages already handed over stay sent."
              confirmLabel="Send now"
              tone="default"
              onConfirm={() => submit('send-now')}
            />
          ) : null}
          {status === 'sending' || status === 'scheduled' ? (
            <ConfirmAction
              trigger={
                <Button type="button" variant="destructive" disabled={busy}>
                  {status === 'sending' ? 'Cancel send' : 'Cancel schedule'}
                </Button>
              }
              question="Cancel this send?"
              description="Messages not yet handed over are not sent."
              confirmLabel="Cancel send"
              onConfirm={() => submit('cancel')}
            />
          ) : null}
        </div>
        {open ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="schedule" />
            <Field>
              <Label htmlFor="issue-at">Schedule for ({timeZone})</Label>
              <Input
                id="issue-at"
                name="at"
                type="datetime-local"
                required
                aria-invalid={errors.at ? true : undefined}
                aria-describedby={errors.at ? 'issue-at-error' : undefined}
              />
            </Field>
            <Button type="submit" variant="outline" disabled={busy}>
              Schedule
            </Button>
            <FieldError id="issue-at-error" errors={errors.at} className="basis-full" />
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  )
}

const FIGURES: [keyof SendProgress, string][] = [
  ['recipients', 'Recipients'],
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['suppressed', 'Suppressed'],
  ['cancelled', 'Cancelled'],
  ['unsubscribedSince', 'Unsubscribed since'],
]

/** The send's report; refreshed every two seconds while it runs. */
export function NewsletterProgress({ progress }: { progress: SendProgress }) {
  const revalidator = useRevalidator()
  const live = progress.status === 'sending' || progress.status === 'scheduled'
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') {
        void revalidator.revalidate()
      }
    }, 2000)
    return () => clearInterval(timer)
  }, [live, revalidator])
  const done = progress.sent + progress.failed + progress.suppressed + progress.cancelled
  const share = progress.recipients > 0 ? Math.round((done / progress.recipients) * 100) : 0
  return (
    <Card>
      <CardHeader>
        <CardTitle>Report</CardTitle>
        <CardDescription aria-live="polite">
          {live ? `Sending… ${share}% done` : `${share}% handled`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          className="mb-4 h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Send progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FIGURES.map(([key, label]) => (
            <div key={key} className="rounded-md border border-border p-3">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{progress[key]}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
