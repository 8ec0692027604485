import { useFetcher } from 'react-router'
import { MEMBER_IMPORT_MAX_ROWS, type MemberImportReport } from '~/domain/membership/members-schema'
import type { ActionResult } from '~/lib/action-result'
import { CsvImportCard, ReportRows } from './csv-import-card'

const SHOWN = 50

/**
 * The Members screen's import of existing subscribers: a CSV of email, plan and until. All or
 * nothing: the report lists what was imported, or every refused row and why nothing was.
 */
export function MemberImport() {
  const fetcher = useFetcher<ActionResult<{ report: MemberImportReport }>>()
  const report = fetcher.data?.report
  return (
    <CsvImportCard
      fetcher={fetcher}
      title="Import members from CSV"
      inputId="member-import-file"
      description={
        <>
          A header row with <code>email</code>, <code>plan</code> (its name or slug) and{' '}
          <code>until</code> (the last day of access, e.g. 2027-01-31), then a member a row, at most{' '}
          {MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 1 MB. Each address needs an
          account here. If any row is refused, nothing is imported.
        </>
      }
    >
      {report ? <ImportReport report={report} /> : null}
    </CsvImportCard>
  )
}

function ImportReport({ report }: { report: MemberImportReport }) {
  if (report.ok) {
    return (
      <>
        <p className="font-medium">
          {report.imported} {report.imported === 1 ? 'member' : 'members'} imported.
        </p>
        <ReportRows
          rows={report.members}
          shown={SHOWN}
          rowKey={(row) => row.line}
          className="list-disc pl-5 text-muted-foreground"
        >
          {(row) => `${row.email}: ${row.plan}`}
        </ReportRows>
      </>
    )
  }
  return (
    <>
      <p className="font-medium text-destructive">
        Nothing was imported: {report.errors.length}{' '}
        {report.errors.length === 1 ? 'row needs' : 'rows need'} fixing.
      </p>
      <ReportRows
        rows={report.errors}
        shown={SHOWN}
        rowKey={(row) => `${row.line}:${row.reason}`}
        className="list-disc pl-5"
      >
        {(row) => `Line ${row.line}: ${row.reason}`}
      </ReportRows>
    </>
  )
}
