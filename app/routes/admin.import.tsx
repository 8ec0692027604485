import {
  ImportAnalysisCard,
  ImportNextSteps,
  ImportReportCard,
} from '~/components/admin/import-summary'
import { ImportProgress } from '~/components/admin/import-progress'
import { ImportStartForm } from '~/components/admin/import-start-form'
import { ImportUploadCard } from '~/components/admin/import-upload'
import { PageHeader } from '~/components/admin/page-header'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { canImportContent } from '~/domain/access/access-rules'
import {
  discardImportJob,
  getImportJob,
  ImportError,
  listImportJobs,
  importInHand,
  startImportJob,
} from '~/domain/import/import-jobs.server'
import type {
  ImportJobView,
  ImportOptions,
  ImportReport,
  StoredImportAnalysis,
} from '~/domain/import/import-job-data'
import { importActionSchema } from '~/domain/import/import-schema'
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
    // A job left "running" with nothing queued for it (a killed run of the CLI): it can be
    // started again. A run cut off on the server is taken up again by the queue by itself.
    interrupted:
      (job.status === 'running' || job.status === 'queued') && !(await importInHand(job.id)),
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

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData
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
      <ImportUploadCard />
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
          <ImportProgress job={job} />
          {canStart ? <ImportStartForm job={job} /> : null}
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
