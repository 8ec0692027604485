import { Upload } from 'lucide-react'
import type { ReactNode } from 'react'
import type { FetcherWithComponents } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ActionResult } from '~/lib/action-result'
import { useActionToast } from './use-action-toast'

/**
 * A back-office list's CSV import (Members, Subscribers): the file posted by the screen's
 * `fetcher` with intent `import` to its own action, the answer's toast, then `children` (the
 * report of the answer, which the screen reads from the same fetcher).
 */
export function CsvImportCard({
  fetcher,
  title,
  description,
  inputId,
  children,
}: {
  fetcher: FetcherWithComponents<ActionResult>
  title: string
  description: ReactNode
  inputId: string
  children: ReactNode
}) {
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4">
          <input type="hidden" name="intent" value="import" />
          <Field>
            <Label htmlFor={inputId}>CSV file</Label>
            <Input id={inputId} name="file" type="file" accept=".csv,text/csv" required />
          </Field>
          <Button type="submit" disabled={busy} className="w-fit">
            <Upload aria-hidden="true" /> {busy ? 'Importing…' : 'Import'}
          </Button>
        </fetcher.Form>
        {children ? (
          <div role="status" className="mt-4 grid gap-1 text-sm">
            {children}
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

/** A report's rows (imported, or refused by line): the first `shown`, then how many more. */
export function ReportRows<Row>({
  rows,
  shown,
  rowKey,
  className,
  children,
}: {
  rows: readonly Row[]
  shown: number
  rowKey: (row: Row) => string | number
  className: string
  children: (row: Row) => ReactNode
}) {
  return (
    <ul className={className}>
      {rows.slice(0, shown).map((row) => (
        <li key={rowKey(row)}>{children(row)}</li>
      ))}
      {rows.length > shown ? <li>…and {rows.length - shown} more</li> : null}
    </ul>
  )
}
