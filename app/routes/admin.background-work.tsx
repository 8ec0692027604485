import { Play } from 'lucide-react'
import { useFetcher } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { canManageBackgroundWork } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { backgroundWorkActionSchema } from '~/infra/jobs/jobs-schema'
import { jobRegistry, type JobStatus } from '~/infra/jobs/registry.server'
import type { ActionResult } from '~/lib/action-result'
import { formatDateWithTime } from '~/lib/dates'
import { actionError, actionSuccess, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.background-work'

// The site's background work (server/jobs.ts): read-only, but for "Run now" on the scheduled
// jobs. Last runs and failures are the site's, from every instance (job_states); the state and
// the next run are the answering instance's, or the owner's for a job that runs elsewhere.

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageBackgroundWork)
  const [jobs, { timeZone }] = await Promise.all([jobRegistry().status(), getSiteSettings()])
  const at = (ms: number | null | undefined) => (ms ? formatDateWithTime(ms, timeZone) : null)
  return {
    jobs: jobs.map((job) => ({
      ...job,
      lastRunLabel: at(job.lastRun?.at),
      nextRunLabel: at(job.nextRunAt),
      lastFailureLabel: at(job.lastFailure?.at),
    })),
  }
}

const FAILURE_TITLE = { 'run-now': 'The job could not start' } as const

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, canManageBackgroundWork)
  const parsed = parseIntent(await request.formData(), backgroundWorkActionSchema, {
    titles: FAILURE_TITLE,
  })
  if (!parsed.ok) return parsed.response
  const job = (await jobRegistry().status()).find((j) => j.name === parsed.data.job)
  if (!job || job.kind === 'queued') {
    return actionError(400, FAILURE_TITLE['run-now'], 'Only a scheduled job can be run now.')
  }
  // Not awaited: a run with its retries may take minutes; the screen shows how it ended.
  const { outcome } = jobRegistry().runNow(job.name)
  if ((await Promise.race([outcome, Promise.resolve('started' as const)])) === 'busy') {
    return actionError(409, FAILURE_TITLE['run-now'], `${job.title} is running already.`)
  }
  return actionSuccess({
    type: 'success',
    title: 'Job started',
    description: `${job.title} is running on this instance.`,
  })
}

const STATE_LABEL: Record<JobStatus['state'], string> = {
  idle: 'Waiting',
  running: 'Running',
  failed: 'Failed',
  elsewhere: 'On another instance',
  stopped: 'Stopped',
}

type JobRow = Awaited<ReturnType<typeof loader>>['jobs'][number]

function RunNow({ job }: { job: JobRow }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="run-now" />
      <input type="hidden" name="job" value={job.name} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== 'idle' || job.state === 'running'}
        aria-label={`Run ${job.title} now`}
      >
        <Play aria-hidden="true" />
        Run now
      </Button>
    </fetcher.Form>
  )
}

/** Names the instance a run happened on, when it was not the one answering. */
function OnInstance({ instance }: { instance: string | undefined }) {
  if (!instance) return null
  return (
    <div className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">
      on {instance}
    </div>
  )
}

function JobTableRow({ job }: { job: JobRow }) {
  return (
    <TableRow>
      <TableCell className="align-top">
        <div className="font-medium">{job.title}</div>
        <div className="font-mono text-xs text-muted-foreground">{job.name}</div>
        <div className="text-sm text-muted-foreground">{job.trigger}</div>
      </TableCell>
      <TableCell className="align-top">
        <Badge variant={job.state === 'failed' ? 'destructive' : 'secondary'}>
          {STATE_LABEL[job.state]}
        </Badge>
      </TableCell>
      <TableCell className="align-top text-sm">
        {job.lastRunLabel ?? 'Not yet'}
        {job.lastRun ? ` (${job.lastRun.ms} ms)` : ''}
        <OnInstance instance={job.lastRun?.instance} />
      </TableCell>
      <TableCell className="align-top text-sm">{job.nextRunLabel ?? '—'}</TableCell>
      <TableCell className="max-w-xs align-top text-sm [overflow-wrap:anywhere]">
        {job.lastFailure ? (
          <>
            <div>{job.lastFailureLabel}</div>
            <div className="text-destructive">{job.lastFailure.message}</div>
            <OnInstance instance={job.lastFailure.instance} />
          </>
        ) : (
          'None'
        )}
      </TableCell>
      <TableCell className="text-right align-top tabular-nums">
        {job.queue ? job.queue.depth : '—'}
        {job.queue?.failed ? (
          <div className="text-xs text-destructive">{job.queue.failed} failed</div>
        ) : null}
      </TableCell>
      <TableCell className="text-right align-top">
        {job.kind !== 'queued' ? <RunNow job={job} /> : null}
      </TableCell>
    </TableRow>
  )
}

export default function BackgroundWorkPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Background work"
        description="Everything the site does without a request, on every instance: when each job runs, how its last run went and what waits for it."
      />
      <Card>
        <CardContent className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Job</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Last run</TableHead>
                <TableHead>Next run</TableHead>
                <TableHead>Last failure</TableHead>
                <TableHead className="text-right">Queue</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.jobs.map((job) => (
                <JobTableRow key={job.name} job={job} />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Background work · Admin Panel' }]
