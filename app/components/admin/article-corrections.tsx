import { FilePenLine } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher, useRouteLoaderData } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Skeleton } from '~/components/ui/skeleton'
import { Textarea } from '~/components/ui/textarea'
import { canAddCorrections, isRole } from '~/domain/access/access-rules'
import { CORRECTION_TEXT_MAX, correctionSchema } from '~/domain/articles/corrections-schema'
import { UNEXPECTED_ERROR, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'
import type { loader as adminLoader } from '~/routes/admin'
import type { CorrectionListAnswer } from '~/routes/admin.articles.$id.corrections'
import { ConfirmRowDelete } from './confirm-action'
import { useActionToast } from './use-action-toast'

/** `yyyy-MM-dd` of a moment in the browser's time zone. */
function localDay(date: Date) {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * The day the editor picked, as the instant the server stores: today is now; an earlier day
 * is its noon in the editor's time zone. Empty is today too.
 */
function correctedAtFor(day: string) {
  if (day === '' || day === localDay(new Date())) return ''
  const noon = new Date(`${day}T12:00:00`)
  return Number.isNaN(noon.getTime()) ? day : noon.toISOString()
}

function AddCorrectionForm({ url }: { url: string }) {
  const adder = useFetcher<ActionResult>()
  useActionToast(adder.data)
  const [text, setText] = useState('')
  const [day, setDay] = useState('')
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const busy = adder.state !== 'idle'
  const errors = clientErrors ?? (adder.data?.ok === false ? (adder.data.fieldErrors ?? {}) : {})

  // A correction added: the form is ready for the next one.
  useEffect(() => {
    if (adder.state === 'idle' && adder.data?.ok) {
      setText('')
      setDay('')
    }
  }, [adder.state, adder.data])

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const values = { text, correctedAt: correctedAtFor(day) }
    const parsed = correctionSchema.safeParse(values)
    if (!parsed.success) {
      setClientErrors(fieldErrorsOf(parsed.error))
      if (fieldErrorsOf(parsed.error).text) textRef.current?.focus()
      return
    }
    setClientErrors(null)
    void adder.submit({ intent: 'add', ...values }, { method: 'post', action: url })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Add a correction">
      <Field>
        <Label htmlFor="correction-text">Correction</Label>
        <Textarea
          ref={textRef}
          id="correction-text"
          rows={3}
          value={text}
          maxLength={CORRECTION_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? 'correction-text-error' : 'correction-text-help'}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldDescription id="correction-text-help">
          What was wrong and what is right, e.g. “An earlier version of this article gave the wrong
          date for the vote. It is on March 3.”
        </FieldDescription>
        <FieldError id="correction-text-error" errors={errors.text} />
      </Field>
      <Field>
        <Label htmlFor="correction-date">Date</Label>
        <Input
          id="correction-date"
          type="date"
          value={day}
          max={localDay(new Date())}
          className="w-full sm:w-48"
          aria-invalid={errors.correctedAt ? true : undefined}
          aria-describedby={errors.correctedAt ? 'correction-date-error' : 'correction-date-help'}
          onChange={(event) => setDay(event.target.value)}
        />
        <FieldDescription id="correction-date-help">Empty for today.</FieldDescription>
        <FieldError id="correction-date-error" errors={errors.correctedAt} />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={busy} aria-busy={busy}>
        Add correction
      </Button>
    </form>
  )
}

/**
 * The edit form's corrections (editors only): add one to a published article, delete a
 * mistaken one. Readers see them at the article's end, newest first, and on /corrections.
 */
export function ArticleCorrections({ articleId }: { articleId: number }) {
  const viewer = useRouteLoaderData<typeof adminLoader>('routes/admin')?.viewer
  const role = viewer?.role
  const allowed = isRole(role) && canAddCorrections({ id: viewer?.id ?? '', role })
  const url = `/admin/articles/${articleId}/corrections`
  const list = useFetcher<CorrectionListAnswer>()
  const remover = useFetcher<ActionResult>()
  useActionToast(remover.data)

  const { load } = list
  useEffect(() => {
    if (allowed) load(url)
  }, [allowed, load, url])

  if (!allowed) return null
  const removing = remover.state !== 'idle' ? Number(remover.formData?.get('id')) : null
  const corrections = list.data?.corrections ?? []

  return (
    <Card role="region" aria-labelledby="corrections-heading">
      <CardHeader>
        <h2
          id="corrections-heading"
          className="flex items-center gap-2 font-serif text-xl font-semibold"
        >
          <FilePenLine aria-hidden="true" className="size-5" />
          Corrections
        </h2>
        <CardDescription>
          Readers see corrections at the end of the article, newest first, and on the Corrections
          page; the article then shows “Updated” with the correction’s date.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {list.data === undefined ? (
          <div aria-busy="true" aria-label="Loading corrections" className="grid gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : !list.data.ok ? (
          <Alert variant="destructive">
            <AlertTitle>The corrections could not be loaded</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p>{list.data.formError ?? UNEXPECTED_ERROR}</p>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => load(url)}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            {list.data.canAdd ? (
              <AddCorrectionForm url={url} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Corrections can be added once the article is published and live.
              </p>
            )}
            {corrections.length === 0 ? (
              <p className="text-sm text-muted-foreground">No corrections.</p>
            ) : (
              <ol className="divide-y border-t" aria-label="Corrections, newest first">
                {corrections.map((correction) => (
                  <li
                    key={correction.id}
                    aria-busy={removing === correction.id || undefined}
                    className="flex items-start justify-between gap-3 py-3"
                  >
                    <div className="grid min-w-0 gap-1 text-sm">
                      <time dateTime={correction.correctedIso} className="font-semibold">
                        {correction.correctedLabel}
                      </time>
                      <p className="whitespace-pre-line break-words">{correction.text}</p>
                    </div>
                    <ConfirmRowDelete
                      question="Delete this correction?"
                      description="Readers will no longer see it. Delete only a correction added by mistake; to correct a correction, add a new one."
                      name={`the correction of ${correction.correctedLabel}`}
                      busy={removing === correction.id}
                      onConfirm={() =>
                        remover.submit(
                          { intent: 'delete', id: String(correction.id) },
                          { method: 'post', action: url },
                        )
                      }
                    />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
