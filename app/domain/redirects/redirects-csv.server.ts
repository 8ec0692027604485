import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { stringify } from 'csv-stringify'
import { asc, gt } from 'drizzle-orm'
import { redirects } from '@db/schema/index'
import type { Database, Transaction } from '~/infra/db.server'
import { DomainError } from '~/domain/domain-error'
import { addRedirect } from './redirects.server'

type Db = Database | Transaction

/** The columns of redirects.csv, in order. Import reads the first three (extra ones ignored). */
export const REDIRECT_CSV_COLUMNS = ['from', 'to', 'status', 'source', 'hits', 'last_hit'] as const

/** Rows read a page at a time, so a site with many old links never holds them all. */
const PAGE = 1000

async function* redirectRows(db: Db) {
  let after = 0
  for (;;) {
    const page = await db
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
export function redirectsCsvStream(db: Db): Readable {
  return Readable.from(redirectRows(db)).pipe(
    stringify({ header: true, columns: [...REDIRECT_CSV_COLUMNS] }),
  )
}

export interface CsvImportResult {
  saved: number
  errors: { line: number; message: string }[]
}

/**
 * Reads `from,to,status` lines (a header line optional; status 301 when empty) and saves each,
 * overwriting a redirect from the same address. A bad line is reported with its number and
 * skipped; the others are kept.
 */
export async function importRedirectsCsv(db: Db, text: string): Promise<CsvImportResult> {
  const result: CsvImportResult = { saved: 0, errors: [] }
  const parser = Readable.from([text]).pipe(
    parse({ relax_column_count: true, skip_empty_lines: true, trim: true, bom: true, info: true }),
  )
  let first = true
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
        db,
        { fromPath: from, toPath: to || null, statusCode: status ? Number(status) : 301 },
        { replace: true },
      )
      result.saved++
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      result.errors.push({ line: info.lines, message: error.message })
    }
  }
  return result
}
