import { Upload } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import type { ActionResult } from '~/lib/action-result'
import { useActionToast } from './use-action-toast'

// The Redirects screen's two ways in (admin.redirects.tsx): one by hand, or many from a CSV.
// Each posts through its own fetcher, so a failure leaves what was typed or chosen in place.

const STATUS_LABEL: Record<number, string> = {
  301: '301 Moved permanently',
  302: '302 Found (temporary)',
  410: '410 Gone',
}

/** The Redirects screen's form for one redirect typed by hand; emptied after each add. */
export function AddRedirectForm() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 md:grid-cols-[1fr_1fr_14rem_auto] md:items-start"
      // A successful add empties the form for the next one.
      key={fetcher.data?.ok ? String(Date.now()) : 'form'}
    >
      <input type="hidden" name="intent" value="add" />
      <Field>
        <Label htmlFor="redirect-from">Old address</Label>
        <Input
          id="redirect-from"
          name="fromPath"
          placeholder="/2019/03/old-story"
          required
          aria-invalid={errors?.fromPath ? true : undefined}
          aria-describedby={errors?.fromPath ? 'redirect-from-error' : undefined}
        />
        <FieldError id="redirect-from-error" errors={errors?.fromPath} />
      </Field>
      <Field>
        <Label htmlFor="redirect-to">New address</Label>
        <Input
          id="redirect-to"
          name="toPath"
          placeholder="/article/new-story"
          aria-invalid={errors?.toPath ? true : undefined}
          aria-describedby={errors?.toPath ? 'redirect-to-error' : undefined}
        />
        <FieldError id="redirect-to-error" errors={errors?.toPath} />
      </Field>
      <Field>
        <Label htmlFor="redirect-status">Answer</Label>
        <Select name="statusCode" defaultValue="301">
          <SelectTrigger id="redirect-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {[301, 302, 410].map((code) => (
              <SelectItem key={code} value={String(code)}>
                {STATUS_LABEL[code]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError id="redirect-status-error" errors={errors?.statusCode} />
      </Field>
      <Button type="submit" className="md:mt-6" disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Adding…' : 'Add redirect'}
      </Button>
    </fetcher.Form>
  )
}

/** The Redirects screen's CSV upload (`from,to,status` lines; redirects-csv.server.ts). */
export function ImportRedirectsCsvForm() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="import" />
      <Field className="min-w-0 sm:flex-1">
        <Label htmlFor="redirects-file">CSV file (from,to,status)</Label>
        <Input
          id="redirects-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={errors?.file ? true : undefined}
          aria-describedby={errors?.file ? 'redirects-file-error' : undefined}
        />
        <FieldError id="redirects-file-error" errors={errors?.file} />
      </Field>
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        <Upload aria-hidden="true" />
        {fetcher.state !== 'idle' ? 'Importing…' : 'Import CSV'}
      </Button>
    </fetcher.Form>
  )
}
