import { ExternalLink, Pin, PinOff, Star } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { liveEntrySchema, type LiveState } from '~/domain/live/live-schema'
import type { DeskEntry } from '~/domain/live/live-types'
import type { ActionResult } from '~/lib/action-result'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'
import { ConfirmAction } from './confirm-action'
import { PageHeader } from './page-header'
import { LazyRichTextEditor } from './rich-text-editor-lazy'
import { useActionToast } from './use-action-toast'

// The live desk (admin.articles_.$id.live.tsx): the coverage's controls, a composer that stays
// at the top, and the entries below. Every post goes through a fetcher, so a failed one leaves
// the composer as it was, with the error.

export interface LiveDeskProps {
  article: { id: number; title: string; slug: string; status: string }
  canRun: boolean
  coverage: { state: LiveState; summary: string; endedLabel: string | null } | null
  entries: DeskEntry[]
}

const STATE_LABEL: Record<LiveState, string> = {
  live: 'Live',
  paused: 'Paused',
  ended: 'Ended',
}

function useDeskFetcher() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  return fetcher
}

/** The entry form, for a new entry (the composer) or an edit; Ctrl+Enter submits. */
function EntryForm({
  intent,
  initial,
  submitLabel,
  onDone,
  onCancel,
}: {
  intent: 'publish' | 'edit'
  initial?: DeskEntry
  submitLabel: string
  onDone?: () => void
  onCancel?: () => void
}) {
  const fetcher = useDeskFetcher()
  const id = useId()
  const [headline, setHeadline] = useState(initial?.headline ?? '')
  const [content, setContent] = useState(initial?.content ?? '')
  const [isKeyEvent, setKeyEvent] = useState(initial?.isKeyEvent ?? false)
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const busy = fetcher.state !== 'idle'
  const answer = fetcher.data
  const errors = clientErrors ?? (answer?.ok === false ? (answer.fieldErrors ?? {}) : {})
  const formError =
    answer?.ok === false && !answer.fieldErrors ? (answer.toast?.description ?? null) : null

  // Posted: the composer is empty again for the next entry (a failure keeps everything). Each
  // answer is acted on once, however often the component draws again while it stands.
  const handledAnswer = useRef<unknown>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok) return
    if (handledAnswer.current === fetcher.data) return
    handledAnswer.current = fetcher.data
    if (intent === 'publish') {
      setHeadline('')
      setContent('')
      setKeyEvent(false)
    }
    onDone?.()
  }, [fetcher.state, fetcher.data, intent, onDone])

  function submit() {
    if (busy) return
    const values = { headline, content, isKeyEvent: String(isKeyEvent) }
    const parsed = liveEntrySchema.safeParse(values)
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error))
      return
    }
    setClientErrors(null)
    void fetcher.submit(
      { intent, ...(initial ? { id: String(initial.id) } : {}), ...values },
      { method: 'post' },
    )
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form
      method="post"
      className="grid gap-3"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-headline`}>Headline (optional)</Label>
        <Input
          id={`${id}-headline`}
          name="headline"
          value={headline}
          maxLength={200}
          onChange={(event) => setHeadline(event.target.value)}
          aria-invalid={errors.headline ? true : undefined}
          aria-describedby={errors.headline ? `${id}-headline-error` : undefined}
        />
        <FieldError id={`${id}-headline-error`} errors={errors.headline} />
      </div>
      <div className="grid gap-1.5">
        <Label id={`${id}-content-label`}>Update</Label>
        <LazyRichTextEditor
          name="content"
          value={content}
          onChange={setContent}
          labelId={`${id}-content-label`}
          invalid={Boolean(errors.content)}
          describedBy={errors.content ? `${id}-content-error` : undefined}
        />
        <FieldError id={`${id}-content-error`} errors={errors.content} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-key`}
            checked={isKeyEvent}
            onChange={(event) => setKeyEvent(event.target.checked)}
          />
          <Label htmlFor={`${id}-key`}>Key event</Label>
        </div>
        <div className="flex items-center gap-2">
          {onCancel ? (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <span className="hidden text-xs text-muted-foreground sm:inline">Ctrl+Enter</span>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Posting…' : submitLabel}
          </Button>
        </div>
      </div>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      ) : null}
    </form>
  )
}

function CoverageControls({ coverage }: { coverage: LiveDeskProps['coverage'] }) {
  const fetcher = useDeskFetcher()
  const busy = fetcher.state !== 'idle'
  const post = (intent: string) => void fetcher.submit({ intent }, { method: 'post' })
  if (!coverage || coverage.state === 'ended') {
    return (
      <Button disabled={busy} onClick={() => post('start')}>
        {coverage ? 'Start again' : 'Start live coverage'}
      </Button>
    )
  }
  return (
    <>
      {coverage.state === 'live' ? (
        <Button variant="outline" disabled={busy} onClick={() => post('pause')}>
          Pause
        </Button>
      ) : (
        <Button variant="outline" disabled={busy} onClick={() => post('resume')}>
          Resume
        </Button>
      )}
      <ConfirmAction
        trigger={
          <Button variant="destructive" disabled={busy}>
            End coverage
          </Button>
        }
        question="End live coverage?"
        description="Readers see that coverage has ended; the entries stay as the record."
        confirmLabel="End coverage"
        onConfirm={() => post('end')}
      />
    </>
  )
}

function SummaryForm({ summary }: { summary: string }) {
  const fetcher = useDeskFetcher()
  const [value, setValue] = useState(summary)
  const id = useId()
  return (
    <fetcher.Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="summary" />
      <Label htmlFor={id}>Summary</Label>
      <Textarea
        id={id}
        name="summary"
        rows={3}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={fetcher.state !== 'idle' || value.trim() === summary.trim()}
      >
        Save summary
      </Button>
    </fetcher.Form>
  )
}

function EntryRow({ entry, canRun }: { entry: DeskEntry; canRun: boolean }) {
  const fetcher = useDeskFetcher()
  const [editing, setEditing] = useState(false)
  const busy = fetcher.state !== 'idle'
  const post = (fields: Record<string, string>) =>
    void fetcher.submit({ id: String(entry.id), ...fields }, { method: 'post' })
  return (
    <li data-entry-id={entry.id}>
      <Card className={entry.isPinned ? 'border-primary' : undefined}>
        <CardContent className="grid gap-3 p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="font-semibold tabular-nums text-foreground">{entry.timeLabel}</span>
            {entry.authorName ? <span>{entry.authorName}</span> : null}
            {entry.status === 'pending' ? (
              <Badge variant="review">Waiting for an editor</Badge>
            ) : null}
            {entry.isPinned ? <Badge>Pinned</Badge> : null}
            {entry.isKeyEvent ? <Badge variant="outline">Key event</Badge> : null}
          </div>
          {editing ? (
            <EntryForm
              intent="edit"
              initial={entry}
              submitLabel="Save"
              onDone={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              {entry.headline ? (
                <h3 className="font-serif text-lg font-bold">{entry.headline}</h3>
              ) : null}
              <div
                className="article-content text-sm"
                dangerouslySetInnerHTML={{ __html: entry.content }}
              />
            </>
          )}
          {entry.earlierVersions.length > 0 ? <EarlierVersions entry={entry} /> : null}
          {canRun && !editing ? (
            <div className="flex flex-wrap gap-2">
              {entry.status === 'pending' ? (
                <Button size="sm" disabled={busy} onClick={() => post({ intent: 'approve' })}>
                  Publish
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
              {entry.status === 'published' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => post({ intent: 'pin', on: String(!entry.isPinned) })}
                >
                  {entry.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
                  {entry.isPinned ? 'Unpin' : 'Pin'}
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-pressed={entry.isKeyEvent}
                onClick={() => post({ intent: 'key-event', on: String(!entry.isKeyEvent) })}
              >
                <Star aria-hidden />
                Key event
              </Button>
              <ConfirmAction
                trigger={
                  <Button size="sm" variant="outline" className="text-destructive" disabled={busy}>
                    Delete
                  </Button>
                }
                question="Delete this entry?"
                description="Readers' pages drop it at their next update."
                onConfirm={() => post({ intent: 'delete' })}
              />
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  )
}

/** An edited entry's earlier texts, folded away: each as it was before an edit. */
function EarlierVersions({ entry }: { entry: DeskEntry }) {
  const count = entry.earlierVersions.length
  return (
    <details className="rounded-md border bg-muted/30 text-sm">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        Edited · {count === 1 ? '1 earlier version' : `${count} earlier versions`}
      </summary>
      <ol className="grid gap-3 border-t px-3 py-3">
        {entry.earlierVersions.map((version) => (
          <li key={version.id} className="grid gap-1">
            <p className="text-xs text-muted-foreground">
              Before the edit of {version.editedLabel}
              {version.editorName ? ` by ${version.editorName}` : ''}
            </p>
            {version.headline ? <p className="font-serif font-bold">{version.headline}</p> : null}
            <div
              className="article-content text-sm opacity-80"
              dangerouslySetInnerHTML={{ __html: version.content }}
            />
          </li>
        ))}
      </ol>
    </details>
  )
}

export function LiveDesk({ article, canRun, coverage, entries }: LiveDeskProps) {
  const open = coverage !== null && coverage.state !== 'ended'
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={article.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>Live coverage</span>
            {coverage ? (
              <Badge variant={coverage.state === 'live' ? 'destructive' : 'secondary'}>
                {STATE_LABEL[coverage.state]}
              </Badge>
            ) : (
              <Badge variant="secondary">Not started</Badge>
            )}
            {coverage?.endedLabel ? <span>since {coverage.endedLabel}</span> : null}
          </span>
        }
        actions={
          <>
            {canRun ? <CoverageControls coverage={coverage} /> : null}
            <Button asChild variant="ghost">
              <a href={`/article/${article.slug}`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden />
                View article
              </a>
            </Button>
          </>
        }
      />
      {open ? (
        <section
          aria-label="New entry"
          className="sticky top-0 z-10 rounded-lg border bg-background p-4 shadow-sm sm:p-5"
        >
          <EntryForm intent="publish" submitLabel={canRun ? 'Publish' : 'Send to editors'} />
        </section>
      ) : (
        <p className="rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground">
          {coverage
            ? 'Coverage has ended. The entries stay on the article as the record.'
            : canRun
              ? 'Start live coverage to post entries. Readers see them on the article page.'
              : 'Live coverage of this article has not started.'}
        </p>
      )}
      {canRun && coverage ? <SummaryForm summary={coverage.summary} /> : null}
      <section aria-labelledby="live-entries" className="grid gap-3">
        <h2 id="live-entries" className="font-serif text-xl font-bold">
          Entries ({entries.length})
        </h2>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No entries yet.</p>
        ) : (
          <ul className="grid gap-3">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} canRun={canRun} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
