import { ClipboardListIcon, MessageSquareTextIcon, Undo2Icon } from 'lucide-react'
import { useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { canReviewArticles, canWithdrawArticle, type Actor } from '~/domain/access/access-rules'
import type { ArticleStatus } from '~/domain/articles/articles-schema'
import { REVIEW_NOTE_MAX, reviewNoteSchema } from '~/domain/articles/review-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatArticleDate } from '~/lib/dates'
import { fieldErrorsOf } from '~/lib/field-errors'
import { useActionToast } from './use-action-toast'

/** "May 1, 2026": the day an instant was in the site's time zone (lib/dates.ts). */
function dayInZone(instant: Date | string, timeZone: string) {
  return formatArticleDate(instant, timeZone)
}

/** The "Return to writer" dialog: a required note, posted to the review route. */
function ReturnToWriter({ articleId }: { articleId: number }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const noteRef = useRef<HTMLTextAreaElement>(null)
  // Once a return was attempted, the message follows the note as it is fixed.
  const [attempted, setAttempted] = useState(false)
  const checked = reviewNoteSchema.safeParse({ note })
  const clientErrors = attempted && !checked.success ? fieldErrorsOf(checked.error) : null
  const serverErrors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined
  const errors = clientErrors ?? (attempted && checked.success ? {} : (serverErrors ?? {}))
  const busy = fetcher.state !== 'idle'

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    setAttempted(true)
    if (checked.success) return
    event.preventDefault()
    noteRef.current?.focus()
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Undo2Icon aria-hidden="true" />
          Return to writer
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Return to writer</DialogTitle>
          <DialogDescription>
            The article becomes a draft again. The writer sees your note above the form and gets it
            by mail.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={`/admin/articles/${articleId}/review`}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value="return" />
          <Field>
            <Label htmlFor="review-note">Note for the writer</Label>
            <Textarea
              ref={noteRef}
              id="review-note"
              name="note"
              rows={5}
              value={note}
              maxLength={REVIEW_NOTE_MAX}
              onChange={(event) => setNote(event.target.value)}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? 'review-note-error' : 'review-note-help'}
            />
            <FieldDescription id="review-note-help">
              What to change before it can be published. {note.length}/{REVIEW_NOTE_MAX}
            </FieldDescription>
            <FieldError id="review-note-error" errors={errors.note} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Returning…' : 'Return to writer'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** "Withdraw to draft": the writer takes her submission back while no editor has acted on it. */
function WithdrawToDraft({ articleId }: { articleId: number }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  return (
    <fetcher.Form method="post" action={`/admin/articles/${articleId}/review`}>
      <input type="hidden" name="intent" value="withdraw" />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== 'idle'}>
        <Undo2Icon aria-hidden="true" />
        Withdraw to draft
      </Button>
    </fetcher.Form>
  )
}

/**
 * Above the article form, what the review means for this article: the editor's note on an
 * article returned to its writer; for an article waiting for review, who submitted it and,
 * for editors, the way to return it (publishing is the form's own status change).
 */
export function ReviewNotice({
  article,
  note,
  viewer,
  writerName,
  timeZone,
}: {
  article: { id: number; status: ArticleStatus; updatedAt: Date | string; authorId: string | null }
  note: { note: string; at: Date | string; byName: string | null } | null
  viewer: Actor
  writerName: string | null
  timeZone: string
}) {
  if (article.status === 'draft' && note) {
    return (
      <Alert className="border-status-review-foreground/30 bg-status-review text-status-review-foreground">
        <MessageSquareTextIcon aria-hidden="true" />
        <AlertTitle className="line-clamp-none">
          Returned by {note.byName ?? 'an editor'} on {dayInZone(note.at, timeZone)}:
        </AlertTitle>
        <AlertDescription>
          <p className="whitespace-pre-wrap break-words text-foreground">{note.note}</p>
          <p>Revise the article, then choose “Submit for review” and save it again.</p>
        </AlertDescription>
      </Alert>
    )
  }
  if (article.status !== 'review') return null
  const reviewer = canReviewArticles(viewer)
  return (
    <div
      role="status"
      className="grid justify-items-start gap-3 rounded-lg border border-status-review-foreground/30 bg-status-review px-4 py-3 text-sm text-status-review-foreground sm:flex sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <ClipboardListIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium">Waiting for review</p>
          <p>
            {reviewer
              ? `Submitted by ${writerName ?? 'its writer'} on ${dayInZone(article.updatedAt, timeZone)}. Publish it with “Make public”, or return it to the writer with a note.`
              : 'An editor will publish it or return it to you with a note. Until one acts on it, you can withdraw it to draft and change it.'}
          </p>
        </div>
      </div>
      {reviewer ? <ReturnToWriter articleId={article.id} /> : null}
      {!reviewer && canWithdrawArticle(viewer, article) ? (
        <WithdrawToDraft articleId={article.id} />
      ) : null}
    </div>
  )
}
