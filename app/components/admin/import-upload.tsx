import { Upload } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ActionResult } from '~/lib/action-result'

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

/**
 * "Upload an export": the export, then its images zip, each streamed to /admin/api/import
 * (admin.api.import.tsx), then the page of the job made, showing its analysis.
 */
export function ImportUploadCard() {
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
