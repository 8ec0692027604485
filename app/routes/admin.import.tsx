import { FileInput, Upload } from 'lucide-react'
import { formatCount } from '~/lib/format-count'
import { useEffect, useState } from 'react'
import { useFetcher, useNavigate, useRevalidator } from 'react-router'
import {
  ImportAnalysisCard,
  ImportNextSteps,
  ImportReportCard,
} from '~/components/admin/import-summary'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Progress } from '~/components/ui/progress'
import { canImportContent } from '~/domain/access/access-rules'
import {
  discardImportJob,
  getImportJob,
  ImportError,
  listImportJobs,
  runningImport,
  startImportJob,
} from '~/domain/import/import-jobs.server'
import type {
  ImportJobView,
  ImportOptions,
  ImportReport,
  StoredImportAnalysis,
} from '~/domain/import/import-job-data'
import { importActionSchema } from '~/domain/import/import-schema'
import type { ActionResult } from '~/lib/action-result'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.import'

/** A job asked for by address that is not there (discarded, an old link): the page without one. */
function noSuchJob(error: unknown) {
  if (error instanceof ImportError && error.code === 'NOT_FOUND') return null
  throw error
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canImportContent)
  const asked = Number(new URL(request.url).searchParams.get('job'))
  const jobs = await listImportJobs(1)
  const job =
    Number.isInteger(asked) && asked > 0
      ? await getImportJob(asked).catch(noSuchJob)
      : (jobs[0] ?? null)
  if (!job) return { job: null }
  const view: ImportJobView = {
    id: job.id,
    source: job.source,
    fileName: job.fileName,
    hasImages: job.storedImages !== null,
    status: job.status,
    // A job left "running" by a process that was killed: it can be started again.
    interrupted:
      (job.status === 'running' || job.status === 'queued') && runningImport() !== job.id,
    processed: job.processed,
    total: job.total,
    fetchImages: (job.options as ImportOptions).fetchImages === true,
    imagesFetched: job.imagesFetched,
    imagesFailed: job.imagesFailed,
    failure: job.failure,
    analysis: job.analysis as StoredImportAnalysis | null,
    report: job.report as ImportReport | null,
  }
  return { job: view }
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, canImportContent)
  const parsed = parseIntent(await request.formData(), importActionSchema, {
    titles: { start: 'Import failed', discard: 'Error' },
    hiddenFields: ['job'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    if (post.intent === 'start') {
      await startImportJob(post.job, actor, { fetchImages: post.fetchImages })
      return actionSuccess({
        type: 'success',
        title: 'Import started',
        description: 'It runs in the background; this page shows its progress.',
      })
    }
    await discardImportJob(post.job)
    return actionSuccess({ type: 'success', title: 'Import discarded' })
  } catch (error) {
    return failureFrom(error, {
      title: post.intent === 'start' ? 'Import failed' : 'Error',
      context,
      details: { post },
    })
  }
}

type UploadAnswer = ActionResult<{ job?: { id: number } }>

function send(url: string, file: File): Promise<UploadAnswer & { status: number }> {
  const form = new FormData()
  form.append('file', file, file.name)
  return fetch(url, { method: 'POST', body: form, headers: { Accept: 'application/json' } }).then(
    async (response) => ({
      ...((await response.json().catch(() => ({ ok: false }))) as UploadAnswer),
      status: response.status,
    }),
  )
}

function UploadCard() {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const file = form.get('export')
    const images = form.get('images')
    if (!(file instanceof File) || file.size === 0) return setError('Choose an export file.')
    setBusy(true)
    setError(null)
    const query = new URLSearchParams({
      part: 'export',
      pagesAs: String(form.get('pagesAs') ?? 'articles'),
      siteUrl: String(form.get('siteUrl') ?? ''),
    })
    const first = await send(`/admin/api/import?${query}`, file).catch(() => null)
    if (!first?.ok || !first.job) {
      setBusy(false)
      return setError(first?.toast?.description ?? 'The upload failed. Please try again.')
    }
    if (images instanceof File && images.size > 0) {
      const second = await send(`/admin/api/import?part=images&job=${first.job.id}`, images).catch(
        () => null,
      )
      if (!second?.ok) setError(second?.toast?.description ?? 'The images could not be uploaded.')
    }
    setBusy(false)
    await navigate(`/admin/import?job=${first.job.id}`)
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload an export</CardTitle>
        <CardDescription>
          A WordPress export (Tools → Export, an .xml file up to 1 GB) or a Ghost export (Settings →
          Labs → Export, a .json file), with a zip of its images if you have one. You see what would
          be imported before anything is written.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field className="min-w-0">
            <Label htmlFor="import-export">Export file</Label>
            <Input
              id="import-export"
              name="export"
              type="file"
              accept=".xml,.json,application/xml,application/json"
              required
            />
          </Field>
          <Field className="min-w-0">
            <Label htmlFor="import-images">Images (zip, optional)</Label>
            <Input id="import-images" name="images" type="file" accept=".zip,application/zip" />
            <FieldDescription>wp-content/uploads/… or content/images/…</FieldDescription>
          </Field>
          {/* min-w-0: a grid cell otherwise grows to its widest option and runs under the next. */}
          <Field className="min-w-0">
            <Label htmlFor="import-pages">Pages become</Label>
            <select
              id="import-pages"
              name="pagesAs"
              aria-describedby="import-pages-help"
              className="h-9 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-sm"
            >
              <option value="articles">Articles</option>
              <option value="static">Our static pages where the address matches</option>
            </select>
            <FieldDescription id="import-pages-help">
              Our static pages: about, contact, privacy and terms. Other pages stay articles.
            </FieldDescription>
          </Field>
          <Field className="min-w-0">
            <Label htmlFor="import-site">Old site’s address (Ghost)</Label>
            <Input id="import-site" name="siteUrl" type="url" placeholder="https://example.com" />
            <FieldDescription>Ghost exports do not include it; WordPress’s do.</FieldDescription>
          </Field>
          <div className="flex flex-col gap-2 sm:col-span-2">
            {error ? <FieldError id="import-error">{error}</FieldError> : null}
            <Button type="submit" disabled={busy} className="w-fit">
              <Upload aria-hidden />
              {busy ? 'Uploading and analysing…' : 'Upload and analyse'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

function JobProgress({ job }: { job: ImportJobView }) {
  const revalidator = useRevalidator()
  const active = (job.status === 'running' || job.status === 'queued') && !job.interrupted
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, 1500)
    return () => clearInterval(timer)
  }, [active, revalidator])
  if (!active) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle id="import-progress">Importing…</CardTitle>
        <CardDescription>
          {job.processed} of {job.total} items
          {job.fetchImages
            ? `; ${formatCount(job.imagesFetched, 'image')} fetched from the old site${job.imagesFailed ? `, ${job.imagesFailed} failed` : ''}`
            : ''}
          . You may leave this page; the import goes on.
        </CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <Progress
          aria-labelledby="import-progress"
          value={job.processed}
          max={Math.max(job.total, 1)}
        />
      </CardContent>
    </Card>
  )
}

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const canStart =
    job &&
    (job.status === 'analysed' ||
      job.status === 'failed' ||
      job.status === 'done' ||
      job.interrupted)
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import"
        description="Bring a WordPress or Ghost archive across. Importing a newer export of the same site again updates what came before and adds what is new."
      />
      <UploadCard />
      {job ? (
        <>
          {job.failure ? (
            <Alert variant="destructive">
              <AlertTitle>The import stopped</AlertTitle>
              <AlertDescription>{job.failure}</AlertDescription>
            </Alert>
          ) : null}
          {job.interrupted ? (
            <Alert>
              <AlertTitle>This import was interrupted</AlertTitle>
              <AlertDescription>
                The server stopped during it ({job.processed} of {job.total} items). Import again:
                what was done is updated, not doubled.
              </AlertDescription>
            </Alert>
          ) : null}
          <JobProgress job={job} />
          {canStart ? (
            <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="job" value={job.id} />
              <div className="flex w-full items-start gap-2 pb-2">
                <Checkbox
                  id="import-fetch-images"
                  name="fetchImages"
                  defaultChecked={job.fetchImages}
                  aria-describedby="import-fetch-images-help"
                  className="mt-0.5"
                />
                <div className="space-y-0.5">
                  <Label htmlFor="import-fetch-images">Fetch images from the old site</Label>
                  <p id="import-fetch-images-help" className="text-sm text-muted-foreground">
                    Images the stories use that are not in the zip are copied into the media library
                    with their alt text and captions, and the stories point at the copies. One that
                    cannot be fetched keeps its old address and is listed in the report.
                  </p>
                </div>
              </div>
              <Button type="submit" name="intent" value="start" disabled={fetcher.state !== 'idle'}>
                <FileInput aria-hidden />
                {job.status === 'analysed' ? 'Import' : 'Import again'}
              </Button>
              {job.status === 'analysed' ? (
                <Button
                  type="submit"
                  name="intent"
                  value="discard"
                  variant="outline"
                  disabled={fetcher.state !== 'idle'}
                >
                  Discard
                </Button>
              ) : null}
              <p className="w-full text-sm text-muted-foreground">
                {job.fileName}
                {job.hasImages ? ' with its images' : ' (no images zip)'} · {job.source}
              </p>
            </fetcher.Form>
          ) : null}
          {job.report && job.status === 'done' ? <ImportNextSteps report={job.report} /> : null}
          {job.report ? <ImportReportCard report={job.report} /> : null}
          {job.analysis ? <ImportAnalysisCard analysis={job.analysis} /> : null}
        </>
      ) : null}
    </div>
  )
}

export function meta() {
  return [{ title: 'Import - Admin' }]
}
