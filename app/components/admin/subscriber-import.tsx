import { Upload } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ActionResult } from '~/lib/action-result'
import { useActionToast } from './use-action-toast'

interface ImportAnswer {
  report: {
    imported: number
    existing: number
    suppressed: number
    invalid: { line: number; reason: string }[]
  }
}

/** The Subscribers screen's CSV import: an email column and the date consent was given. */
export function SubscriberImport() {
  const fetcher = useFetcher<ActionResult<ImportAnswer>>()
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  const report = fetcher.data?.ok ? fetcher.data.report : undefined
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import from CSV</CardTitle>
        <CardDescription>
          A header row with <code>email</code> and <code>consented_at</code> (the date consent was
          given, e.g. 2026-01-31). Imported addresses join the default newsletters; addresses
          already here or on the suppression list are left as they are, so importing the same file
          twice changes nothing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4">
          <input type="hidden" name="intent" value="import" />
          <Field>
            <Label htmlFor="subscriber-import-file">CSV file</Label>
            <Input
              id="subscriber-import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
            />
          </Field>
          <Button type="submit" disabled={busy} className="w-fit">
            <Upload aria-hidden="true" /> {busy ? 'Importing…' : 'Import'}
          </Button>
        </fetcher.Form>
        {report ? (
          <div role="status" className="mt-4 grid gap-1 text-sm">
            <p>
              {report.imported} added · {report.existing} already here · {report.suppressed}{' '}
              suppressed · {report.invalid.length} refused
            </p>
            {report.invalid.length > 0 ? (
              <ul className="list-disc pl-5 text-muted-foreground">
                {report.invalid.slice(0, 20).map((row) => (
                  <li key={row.line}>
                    Line {row.line}: {row.reason}
                  </li>
                ))}
                {report.invalid.length > 20 ? (
                  <li>…and {report.invalid.length - 20} more</li>
                ) : null}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
