import { useFetcher } from 'react-router'
import type { ActionResult } from '~/lib/action-result'
import { CsvImportCard, ReportRows } from './csv-import-card'

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
  const report = fetcher.data?.ok ? fetcher.data.report : undefined
  return (
    <CsvImportCard
      fetcher={fetcher}
      title="Import from CSV"
      inputId="subscriber-import-file"
      description={
        <>
          A header row with <code>email</code> and <code>consented_at</code> (the date consent was
          given, e.g. 2026-01-31). Imported addresses join the default newsletters; addresses
          already here or on the suppression list are left as they are, so importing the same file
          twice changes nothing.
        </>
      }
    >
      {report ? <ImportReport report={report} /> : null}
    </CsvImportCard>
  )
}

function ImportReport({ report }: { report: ImportAnswer['report'] }) {
  return (
    <>
      <p>
        {report.imported} added · {report.existing} already here · {report.suppressed} suppressed ·{' '}
        {report.invalid.length} refused
      </p>
      {report.invalid.length > 0 ? (
        <ReportRows
          rows={report.invalid}
          shown={20}
          rowKey={(row) => row.line}
          className="list-disc pl-5 text-muted-foreground"
        >
          {(row) => `Line ${row.line}: ${row.reason}`}
        </ReportRows>
      ) : null}
    </>
  )
}
