import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import { stringify } from 'csv-stringify'
import { asc, gt } from 'drizzle-orm'
import { redirects } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { DomainError, domainErrors } from '~/domain/domain-error'
import { addRedirect } from './redirects.server'

/** The columns of redirects.csv, in order. Import reads the first three (extra ones ignored). */
export const REDIRECT_CSV_COLUMNS = ['from', 'to', 'status', 'source', 'hits', 'last_hit'] as const

/** Rows read a page at a time, so a site with many old links never holds them all. */
const PAGE = 1000

async function* redirectRows() {
  let after = 0
  for (;;) {
    const page = await getDb()
      .select()
      .from(redirects)
      .where(gt(redirects.id, after))
      .orderBy(asc(redirects.id))
      .limit(PAGE)
    for (const row of page)
      yield [
        row.fromPath,
        row.toPath ?? '',
        row.statusCode,
        row.source,
        row.hits,
        row.lastHitAt?.toISOString() ?? '',
      ]
    if (page.length < PAGE) return
    after = page[page.length - 1].id
  }
}

/** Every redirect as CSV with a header line, streamed from the database. */
export function redirectsCsvStream(): Readable {
  return Readable.from(redirectRows()).pipe(
    stringify({ header: true, columns: [...REDIRECT_CSV_COLUMNS] }),
  )
}

export interface CsvImportResult {
  saved: number
  errors: { line: number; message: string }[]
}

/** A redirects CSV that cannot be read as CSV (a quote left open, a line past the bound). */
export class RedirectCsvError extends domainErrors('RedirectCsvError', { INVALID_CSV: 400 }) {}

/**
 * The longest line read: two addresses and a status, far under it. A longer one is refused as
 * it is read instead of being gathered whole (a file of one 300 MB line).
 */
export const REDIRECT_CSV_MAX_LINE = 16 * 1024

/** A csv-parse failure as a refusal that says which line and why; anything else as it is. */
export function csvRefusal(error: unknown, fileName: string): unknown {
  if (!(error instanceof CsvError)) return error
  const line = typeof error.lines === 'number' ? ` at line ${error.lines}` : ''
  return new RedirectCsvError(
    'INVALID_CSV',
    error.code === 'CSV_MAX_RECORD_SIZE'
      ? `${fileName} has a line longer than ${REDIRECT_CSV_MAX_LINE / 1024} KB${line}.`
      : `${fileName} is not valid CSV${line}.`,
    { cause: error },
  )
}

/**
 * Reads `from,to,status` lines (a header line optional; status 301 when empty) and saves each,
 * overwriting a redirect from the same address. A bad line is reported with its number and
 * skipped; the others are kept. The CSV is a string (the Redirects screen's 2 MB upload) or a
 * stream (an export zip's entry, read as it is unpacked and never held whole).
 */
export async function importRedirectsCsv(
  csv: string | Readable,
  fileName = 'The CSV file',
): Promise<CsvImportResult> {
  const result: CsvImportResult = { saved: 0, errors: [] }
  const source = typeof csv === 'string' ? Readable.from([csv]) : csv
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    info: true,
    max_record_size: REDIRECT_CSV_MAX_LINE,
  })
  // A failing source (a zip entry past its size) fails the parse, not an unheard stream.
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  let first = true
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[]
      info: { lines: number }
    }>) {
      const [from = '', to = '', status = ''] = record
      if (first && from.toLowerCase() === 'from') {
        first = false
        continue
      }
      first = false
      try {
        await addRedirect(
          getDb(),
          { fromPath: from, toPath: to || null, statusCode: status ? Number(status) : 301 },
          { replace: true },
        )
        result.saved++
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        result.errors.push({ line: info.lines, message: error.message })
      }
    }
  } catch (error) {
    throw csvRefusal(error, fileName)
  } finally {
    source.destroy()
  }
  return result
}
