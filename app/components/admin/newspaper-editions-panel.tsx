import { FileText, LoaderCircle, Pencil, Trash2, TriangleAlert, Upload } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { useRouteLoaderData } from 'react-router'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'
import { Progress } from '~/components/ui/progress'
import { Skeleton } from '~/components/ui/skeleton'
import {
  ACCEPT,
  INVALID_FILE_TYPE,
  tooLargeMessage,
  UPLOAD_LIMITS,
  WRONG_TYPE_MESSAGE,
} from '~/domain/media/media-schema'
import {
  EDITIONS_API,
  editionMetaSchema,
  EDITION_ACCESS_CHOICES,
  editionTitleFor,
  editionUploadFormSchema,
  formatEditionDate,
  nextEditionDefaults,
  todayIsoDate,
  type AdminEdition,
} from '~/domain/newspapers/editions-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatMegabytes } from '~/lib/file-size'
import type { FieldErrors } from '~/lib/field-errors'
import { useFormErrors } from '~/lib/use-form-errors'
import { ConfirmAction } from './confirm-action'
import { RowActionLabel } from './row-action-label'
import { usePaperTimeZone } from './use-paper-time-zone'
import type { loader as rootLoader } from '~/root'

type EditionAnswer = ActionResult<{ edition: AdminEdition }>

/** How often an edition being read is asked for again. */
const POLL_MS = 1_000

function pagesLabel(count: number) {
  return count === 1 ? '1 page' : `${count} pages`
}

function isPdfFile(file: File) {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name)
}

function sortEditions(list: AdminEdition[]) {
  return [...list].sort((a, b) => b.editionDate.localeCompare(a.editionDate) || b.id - a.id)
}

/** Posts one edit or delete as a form; the answer is the endpoint's ActionResult JSON. */
async function postForm(
  fields: Record<string, string>,
): Promise<{ status: number; body: EditionAnswer }> {
  const response = await fetch(EDITIONS_API, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams(fields),
  })
  const body = (await response.json().catch(() => ({ ok: false }))) as EditionAnswer
  return { status: response.status, body }
}

function errorToast(body: ActionResult, fallbackTitle: string, status: number) {
  toast.error(body.toast?.title ?? fallbackTitle, {
    description: body.toast?.description ?? `The server answered ${status}.`,
  })
}

/**
 * Sends the PDF as a one-part multipart body with the title, date and number in the query
 * string (the server reads the body as a stream). XMLHttpRequest: fetch() has no upload
 * progress.
 */
function sendEdition(
  file: File,
  meta: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: EditionAnswer }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${EDITIONS_API}?${new URLSearchParams(meta)}`)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () =>
      resolve({
        status: 0,
        body: {
          ok: false,
          toast: {
            type: 'error',
            title: 'Upload failed',
            description: 'The connection was lost. Please try again.',
          },
        },
      })
    xhr.onload = () => {
      let body: EditionAnswer = { ok: false }
      try {
        body = JSON.parse(xhr.responseText) as EditionAnswer
      } catch {}
      resolve({ status: xhr.status, body })
    }
    const form = new FormData()
    form.append('file', file, file.name)
    xhr.send(form)
  })
}

type EditionFieldName = 'title' | 'editionDate' | 'number'

/**
 * The three fields an edition is described by: in the edit dialog the edition's own values
 * (`edition`), at upload the form's proposal, kept by the form (`values` and `onValue`).
 */
function EditionFields({
  idPrefix,
  errors,
  edition,
  values,
  onValue,
  disabled,
}: {
  idPrefix: string
  errors: FieldErrors
  edition?: AdminEdition
  values?: Record<EditionFieldName, string>
  onValue?: (name: EditionFieldName, value: string) => void
  disabled?: boolean
}) {
  const field = (name: EditionFieldName) => ({
    id: `${idPrefix}-${name}`,
    name,
    disabled,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${idPrefix}-${name}-error` : undefined,
    ...(values && onValue
      ? {
          value: values[name],
          onChange: (event: ChangeEvent<HTMLInputElement>) => onValue(name, event.target.value),
        }
      : { defaultValue: edition?.[name] ?? '' }),
  })
  return (
    <>
      <Field className="content-start sm:col-span-2">
        <Label htmlFor={`${idPrefix}-title`}>Title</Label>
        <Input {...field('title')} autoComplete="off" />
        <FieldError id={`${idPrefix}-title-error`} errors={errors.title} />
      </Field>
      <Field className="content-start">
        <Label htmlFor={`${idPrefix}-editionDate`}>Edition date</Label>
        <Input {...field('editionDate')} type="date" />
        <FieldError id={`${idPrefix}-editionDate-error`} errors={errors.editionDate} />
      </Field>
      <Field className="content-start">
        <Label htmlFor={`${idPrefix}-number`}>Number</Label>
        <Input
          {...field('number')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-describedby={errors.number ? `${idPrefix}-number-error` : `${idPrefix}-number-hint`}
        />
        <p id={`${idPrefix}-number-hint`} className="text-xs text-muted-foreground">
          Optional: the issue number printed on the masthead.
        </p>
        <FieldError id={`${idPrefix}-number-error`} errors={errors.number} />
      </Field>
      {edition ? (
        <Field className="content-start sm:col-span-2">
          <Label htmlFor={`${idPrefix}-access`}>Who reads it</Label>
          <NativeSelect
            id={`${idPrefix}-access`}
            name="access"
            disabled={disabled}
            defaultValue={edition.access ?? 'site'}
            aria-describedby={`${idPrefix}-access-hint`}
          >
            {EDITION_ACCESS_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <p id={`${idPrefix}-access-hint`} className="text-xs text-muted-foreground">
            {edition.membersOnly
              ? 'Now for members: its pages, PDF and text need a plan; the cover and date stay public.'
              : 'Now for everyone.'}{' '}
            Settings → Access sets it for every edition.
          </p>
        </Field>
      ) : null}
    </>
  )
}

/**
 * The upload form's values: the next edition as proposed (nextEditionDefaults: today in the
 * paper's zone or the day after the newest edition, the number after it, the title after its
 * title), derived from the editions as they load, and replaced field by field by what the desk
 * types. The title follows the date until the desk writes one of its own.
 */
function useUploadValues(editions: readonly AdminEdition[]) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const siteName = root?.settings.logoText.trim() || 'Broadsheet'
  const today = todayIsoDate(new Date(), usePaperTimeZone())
  const [typed, setTyped] = useState<Partial<Record<EditionFieldName, string>>>({})
  const proposed = nextEditionDefaults(editions, today)
  const editionDate = typed.editionDate ?? proposed.editionDate
  const values = {
    editionDate,
    number: typed.number ?? proposed.number,
    title: typed.title ?? editionTitleFor(editionDate, { siteName, editions }),
  }
  const onValue = (name: EditionFieldName, value: string) =>
    setTyped((was) => ({ ...was, [name]: value }))
  return { values, onValue, reset: () => setTyped({}) }
}

function UploadForm({
  editions,
  onUploaded,
}: {
  editions: readonly AdminEdition[]
  onUploaded: (edition: AdminEdition) => void
}) {
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>()
  const { errors, onSubmit } = useFormErrors(editionUploadFormSchema, serverErrors)
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null)
  const busy = progress !== null
  const { values, onValue, reset } = useUploadValues(editions)

  async function submit(event: FormEvent<HTMLFormElement>) {
    onSubmit(event)
    if (event.defaultPrevented) return
    event.preventDefault()
    const form = event.currentTarget
    const values = new FormData(form)
    const file = values.get('file') as File
    if (!isPdfFile(file)) {
      toast.error(INVALID_FILE_TYPE, { description: WRONG_TYPE_MESSAGE.pdf })
      return
    }
    if (file.size > UPLOAD_LIMITS.pdf) {
      toast.error('Upload failed', { description: tooLargeMessage('pdf') })
      return
    }
    const meta = {
      title: String(values.get('title') ?? ''),
      editionDate: String(values.get('editionDate') ?? ''),
      number: String(values.get('number') ?? ''),
    }
    setProgress({ name: file.name, fraction: 0 })
    const { status, body } = await sendEdition(file, meta, (fraction) =>
      setProgress({ name: file.name, fraction }),
    )
    setProgress(null)
    if (body.ok && body.edition) {
      setServerErrors(undefined)
      form.reset()
      // The next proposal follows the edition just added.
      reset()
      // Its pages are read in the background: the panel says "File uploaded" when they are.
      onUploaded(body.edition)
    } else {
      setServerErrors(body.fieldErrors)
      errorToast(body, 'Upload failed', status)
    }
  }

  const percent = progress ? Math.round(progress.fraction * 100) : 0
  return (
    <section aria-labelledby="edition-upload-heading" className="rounded-lg border p-4">
      <h3 id="edition-upload-heading" className="mb-3 flex items-center gap-2 font-medium">
        <Upload aria-hidden="true" className="size-4 text-muted-foreground" /> Upload an edition
      </h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
        <EditionFields
          idPrefix="edition-upload"
          errors={errors}
          values={values}
          onValue={onValue}
          disabled={busy}
        />
        <Field className="sm:col-span-2">
          <Label htmlFor="edition-upload-file">PDF file</Label>
          <input
            id="edition-upload-file"
            name="file"
            type="file"
            accept={ACCEPT.pdf}
            disabled={busy}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={
              errors.file ? 'edition-upload-file-error' : 'edition-upload-file-hint'
            }
            className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent"
          />
          <p id="edition-upload-file-hint" className="text-xs text-muted-foreground">
            A PDF up to {UPLOAD_LIMITS.pdf / 1024 / 1024} MB. Its first page becomes the cover and
            its text is made searchable.
          </p>
          <FieldError id="edition-upload-file-error" errors={errors.file} />
        </Field>
        {progress ? (
          <div className="grid gap-1.5 sm:col-span-2" aria-live="polite">
            <p className="truncate text-xs text-muted-foreground">
              {percent < 100
                ? `Uploading ${progress.name} (${percent}%)`
                : `Storing ${progress.name}…`}
            </p>
            <Progress value={percent < 100 ? percent : null} aria-label="Upload progress" />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            <Upload aria-hidden="true" />
            {busy ? 'Uploading…' : 'Upload edition'}
          </Button>
        </div>
      </form>
    </section>
  )
}

function EditDialog({
  edition,
  onOpenChange,
  onSaved,
}: {
  edition: AdminEdition | null
  onOpenChange: (open: boolean) => void
  onSaved: (edition: AdminEdition) => void
}) {
  const [serverErrors, setServerErrors] = useState<FieldErrors | undefined>()
  const { errors, onSubmit } = useFormErrors(editionMetaSchema, serverErrors)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    onSubmit(event)
    if (event.defaultPrevented || !edition) return
    event.preventDefault()
    const values = new FormData(event.currentTarget)
    setBusy(true)
    try {
      const { status, body } = await postForm({
        intent: 'update',
        id: String(edition.id),
        title: String(values.get('title') ?? ''),
        editionDate: String(values.get('editionDate') ?? ''),
        number: String(values.get('number') ?? ''),
        access: String(values.get('access') ?? 'site'),
      })
      if (body.ok && body.edition) {
        setServerErrors(undefined)
        toast.success(body.toast?.title ?? 'Edition updated', {
          description: body.toast?.description,
        })
        onSaved(body.edition)
      } else {
        setServerErrors(body.fieldErrors)
        if (!body.fieldErrors) errorToast(body, 'Update failed', status)
      }
    } catch {
      toast.error('Update failed', { description: 'The connection was lost. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={edition !== null}
      onOpenChange={(open) => {
        if (!open) setServerErrors(undefined)
        onOpenChange(open)
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit edition</DialogTitle>
          <DialogDescription>
            The title, date and number readers see. The address follows the date.
          </DialogDescription>
        </DialogHeader>
        {edition ? (
          <form
            key={edition.id}
            noValidate
            onSubmit={(e) => void submit(e)}
            className="grid gap-4 sm:grid-cols-2"
          >
            <EditionFields idPrefix="edition-edit" errors={errors} edition={edition} />
            <DialogFooter className="sm:col-span-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving…' : 'Save changes'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function EditionCard({
  edition,
  busy,
  onEdit,
  onDelete,
}: {
  edition: AdminEdition
  busy: boolean
  onEdit: () => void
  onDelete: () => void
}) {
  const facts = [
    formatEditionDate(edition.editionDate),
    edition.number !== null ? `No. ${edition.number}` : null,
    edition.status === 'ready' ? pagesLabel(edition.pageCount) : null,
    // The spec's PDF list: "size in MB to 2 decimals".
    formatMegabytes(edition.size),
  ].filter(Boolean)
  return (
    <li className="flex min-w-0 gap-3 rounded-md border p-3">
      <div className="w-20 shrink-0 self-start overflow-hidden rounded border bg-muted sm:w-24">
        {edition.coverUrl ? (
          <img
            src={edition.coverUrl}
            alt={`Cover of ${edition.title}`}
            width={edition.coverWidth ?? undefined}
            height={edition.coverHeight ?? undefined}
            loading="lazy"
            className="block h-auto w-full bg-white"
          />
        ) : (
          <span className="flex aspect-[3/4] items-center justify-center">
            <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
          </span>
        )}
      </div>
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <div className="min-w-0">
          <h4 className="break-words font-medium leading-snug">{edition.title}</h4>
          <p className="text-xs text-muted-foreground">{facts.join(' · ')}</p>
          <EditionStatusLine edition={edition} />
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {edition.status === 'failed' ? null : (
            <Button asChild variant="ghost" size="sm">
              <a href={edition.pdfUrl} target="_blank" rel="noreferrer">
                <RowActionLabel icon={FileText} label="Open PDF" name={edition.title} />
              </a>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onEdit} disabled={busy}>
            <RowActionLabel icon={Pencil} label="Edit" name={edition.title} />
          </Button>
          <ConfirmAction
            question="Delete this edition?"
            description={`“${edition.title}” is removed from the site with its PDF, cover and searchable text. This cannot be undone.`}
            onConfirm={onDelete}
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                disabled={busy}
              >
                <RowActionLabel icon={Trash2} label="Delete" name={edition.title} />
              </Button>
            }
          />
        </div>
      </div>
    </li>
  )
}

/** Processing: readers do not see it yet. Failed: why, and what to do (the PDF is gone). */
function EditionStatusLine({ edition }: { edition: AdminEdition }) {
  if (edition.status === 'processing') {
    return (
      <p role="status" className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
        Processing: reading the pages…
      </p>
    )
  }
  if (edition.status === 'failed') {
    return (
      <p className="mt-1 flex items-start gap-1.5 text-xs text-destructive">
        <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>
          Failed: {edition.failure ?? 'the PDF could not be read.'} Readers do not see this edition.
        </span>
      </p>
    )
  }
  return null
}

/**
 * Asks for each edition still being read every POLL_MS until it is ready or failed, and says
 * so (a toast) for the ones uploaded from this page.
 */
function usePollProcessing(
  editions: AdminEdition[] | null,
  onChange: (edition: AdminEdition) => void,
) {
  const uploadedHere = useRef(new Set<number>())
  const [round, setRound] = useState(0)
  const processing = (editions ?? [])
    .filter((e) => e.status === 'processing')
    .map((e) => e.id)
    .join(',')
  useEffect(() => {
    if (processing === '') return
    const timer = setTimeout(async () => {
      for (const id of processing.split(',').map(Number)) {
        try {
          const response = await fetch(`${EDITIONS_API}?id=${id}`, {
            headers: { Accept: 'application/json' },
          })
          if (!response.ok) continue
          const { edition } = (await response.json()) as { edition: AdminEdition }
          if (edition.status === 'processing') continue
          onChange(edition)
          if (!uploadedHere.current.delete(id)) continue
          if (edition.status === 'ready') {
            // The spec's catalogue of toasts; the page count shows in the list.
            toast.success('File uploaded', {
              description: 'Your file has been uploaded successfully.',
            })
          } else {
            toast.error('Upload failed', {
              description: edition.failure ?? 'The PDF could not be read.',
            })
          }
        } catch {
          // The connection dropped: asked again on the next turn.
        }
      }
      setRound((n) => n + 1)
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [processing, onChange, round])
  return (id: number) => uploadedHere.current.add(id)
}

/**
 * The Media screen's "PDF Newspapers" tab: upload a print edition with its title, date and
 * number (the server makes its cover and reads its pages), and the editions, newest first,
 * each with its cover, facts, Edit (dialog) and Delete (confirmed).
 */
export function NewspaperEditionsPanel() {
  const [editions, setEditions] = useState<AdminEdition[] | null>(null)
  const [loadError, setLoadError] = useState(false)
  const [editing, setEditing] = useState<AdminEdition | null>(null)
  const [deleting, setDeleting] = useState<number | null>(null)

  const replace = useCallback((saved: AdminEdition) => {
    setEditions((was) => sortEditions((was ?? []).map((e) => (e.id === saved.id ? saved : e))))
  }, [])
  const watch = usePollProcessing(editions, replace)

  const load = useCallback(async () => {
    setLoadError(false)
    try {
      const response = await fetch(EDITIONS_API, { headers: { Accept: 'application/json' } })
      if (!response.ok) throw new Error(String(response.status))
      const body = (await response.json()) as { editions: AdminEdition[] }
      setEditions(body.editions)
    } catch {
      setLoadError(true)
    }
  }, [])

  useEffect(() => {
    void load()
  }, [load])

  async function remove(edition: AdminEdition) {
    setDeleting(edition.id)
    try {
      const { status, body } = await postForm({ intent: 'delete', id: String(edition.id) })
      if (body.ok) {
        setEditions((was) => (was ?? []).filter((e) => e.id !== edition.id))
        toast.success(body.toast?.title ?? 'File deleted', {
          description: body.toast?.description,
        })
      } else errorToast(body, 'Delete failed', status)
    } catch {
      toast.error('Delete failed', { description: 'The connection was lost. Please try again.' })
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <UploadForm
        editions={editions ?? []}
        onUploaded={(edition) => {
          watch(edition.id)
          setEditions((was) => sortEditions([edition, ...(was ?? [])]))
        }}
      />
      {loadError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          The editions could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void load()}>
            Retry
          </Button>
        </div>
      ) : editions === null ? (
        <div aria-busy="true" className="grid gap-3 md:grid-cols-2">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      ) : editions.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">No PDF newspapers yet.</p>
      ) : (
        <ul aria-label="Editions" className="grid gap-3 md:grid-cols-2">
          {editions.map((edition) => (
            <EditionCard
              key={edition.id}
              edition={edition}
              busy={deleting === edition.id}
              onEdit={() => setEditing(edition)}
              onDelete={() => void remove(edition)}
            />
          ))}
        </ul>
      )}
      <EditDialog
        edition={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
        onSaved={(saved) => {
          setEditing(null)
          setEditions((was) =>
            sortEditions((was ?? []).map((e) => (e.id === saved.id ? saved : e))),
          )
        }}
      />
    </div>
  )
}
