import { Upload } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { MEMBER_IMPORT_MAX_ROWS, type MemberImportReport } from '~/domain/membership/members-schema'
import type { ActionResult } from '~/lib/action-result'
import { useActionToast } from './use-action-toast'

const SHOWN = 50

/**
 * The Members screen's import of existing subscribers: a CSV of email, plan and until. All or
 * nothing: the report lists what was imported, or every refused row and why nothing was.
 */
export function MemberImport() {
  const fetcher = useFetcher<ActionResult<{ report: MemberImportReport }>>()
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  const report = fetcher.data?.report
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import members from CSV</CardTitle>
        <CardDescription>
          A header row with <code>email</code>, <code>plan</code> (its name or slug) and{' '}
          <code>until</code> (the last day of access, e.g. 2027-01-31), then a member a row, at most{' '}
          {MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 1 MB. Each address needs an
          account here. If any row is refused, nothing is imported.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4">
          <input type="hidden" name="intent" value="import" />
          <Field>
            <Label htmlFor="member-import-file">CSV file</Label>
            <Input
              id="member-import-file"
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
            {report.ok ? (
              <>
                <p className="font-medium">
                  {report.imported} {report.imported === 1 ? 'member' : 'members'} imported.
                </p>
                <ul className="list-disc pl-5 text-muted-foreground">
                  {report.members.slice(0, SHOWN).map((row) => (
                    <li key={row.line}>
                      {row.email}: {row.plan}
                    </li>
                  ))}
                  {report.members.length > SHOWN ? (
                    <li>…and {report.members.length - SHOWN} more</li>
                  ) : null}
                </ul>
              </>
            ) : (
              <>
                <p className="font-medium text-destructive">
                  Nothing was imported: {report.errors.length}{' '}
                  {report.errors.length === 1 ? 'row needs' : 'rows need'} fixing.
                </p>
                <ul className="list-disc pl-5">
                  {report.errors.slice(0, SHOWN).map((row) => (
                    <li key={`${row.line}:${row.reason}`}>
                      Line {row.line}: {row.reason}
                    </li>
                  ))}
                  {report.errors.length > SHOWN ? (
                    <li>…and {report.errors.length - SHOWN} more</li>
                  ) : null}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
