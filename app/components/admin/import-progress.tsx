import { useEffect } from 'react'
import { useRevalidator } from 'react-router'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Progress } from '~/components/ui/progress'
import type { ImportJobView } from '~/domain/import/import-job-data'
import { formatCount } from '~/lib/format-count'

/** A running job's progress, read again every 1.5 s until it ends (or was interrupted). */
export function ImportProgress({ job }: { job: ImportJobView }) {
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
