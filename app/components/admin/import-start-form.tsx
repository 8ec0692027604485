import { FileInput } from 'lucide-react'
import { useFetcher } from 'react-router'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Label } from '~/components/ui/label'
import type { ImportJobView } from '~/domain/import/import-job-data'
import type { ActionResult } from '~/lib/action-result'

/**
 * "Import" (or "Import again") with its "Fetch images from the old site" choice, and "Discard"
 * for a job not yet imported: posts to the Import screen's action, which answers in a toast.
 */
export function ImportStartForm({ job }: { job: ImportJobView }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  return (
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
            Images the stories use that are not in the zip are copied into the media library with
            their alt text and captions, and the stories point at the copies. One that cannot be
            fetched keeps its old address and is listed in the report.
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
  )
}
