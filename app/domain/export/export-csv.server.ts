// The export's CSV files read back as they are unpacked: redirects.csv is counted before
// anything is written, subscribers.csv restores the confirmed readers through the subscribers' import.
import { parse } from 'csv-parse'
import { stringify } from 'csv-stringify/sync'
import { importSubscribersCsv, IMPORT_MAX_ROWS } from '~/domain/newsletter/newsletter-admin.server'
import {
  csvRefusal,
  REDIRECT_CSV_MAX_LINE,
  RedirectCsvError,
} from '~/domain/redirects/redirects-csv.server'
import { type BoundedZip, type ZipEntry } from '~/infra/bounded-zip.server'
import { ContentImportError } from './content-file'

/**
 * The export's confirmed subscribers, back on the newsletter with the date their consent rests
 * on, through the subscribers' own CSV import (in parts of its largest size, read as the file
 * is unpacked), so that the suppression list and the default lists apply as to any import.
 */
export async function restoreSubscribers(
  confirmed: AsyncIterable<[string, string]>,
): Promise<number> {
  let imported = 0
  let part: [string, string][] = []
  const importPart = async () => {
    const report = await importSubscribersCsv(
      stringify(part, { header: true, columns: ['email', 'consented_at'] }),
    )
    imported += report.imported
    part = []
  }
  for await (const row of confirmed) {
    part.push(row)
    if (part.length === IMPORT_MAX_ROWS) await importPart()
  }
  if (part.length) await importPart()
  return imported
}

/**
 * The confirmed readers of an export's subscribers.csv: [email, the date their consent rests
 * on: when they consented, or else confirmed]. Those who never confirmed are left out: only
 * their own opt-in may add them.
 */
export async function* confirmedSubscribers(
  zip: BoundedZip,
  entry: ZipEntry,
): AsyncGenerator<[string, string]> {
  for await (const row of csvRecords(zip, entry))
    if (row.status === 'confirmed')
      yield [row.email ?? '', row.consented_at || row.confirmed_at || '']
}

/**
 * The rows of one of the export's CSV files, by their header's names, parsed as the entry is
 * unpacked: never the whole file in memory, a line at most REDIRECT_CSV_MAX_LINE long.
 */
export async function* csvRecords(
  zip: BoundedZip,
  entry: ZipEntry,
): AsyncGenerator<Record<string, string>> {
  const source = await zip.openEntry(entry)
  const parser = parse({
    bom: true,
    columns: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: REDIRECT_CSV_MAX_LINE,
  })
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) yield row
  } catch (error) {
    const refusal = csvRefusal(error, `The zip’s ${entry.name}`)
    if (refusal instanceof RedirectCsvError)
      throw new ContentImportError('BAD_FILE', refusal.message, { cause: error })
    throw refusal
  } finally {
    source.destroy()
  }
}
