import { Readable } from 'node:stream'
import { stringify as stringifyStream } from 'csv-stringify'
import { stringify } from 'csv-stringify/sync'
import { eq, inArray } from 'drizzle-orm'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
} from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { type CsvTableRefusal, readCsvTable } from '~/infra/csv-table.server'
import { getDb } from '~/infra/db.server'
import { newsletterSubscribeSchema } from './newsletter-schema'
import type { SubscriberRow } from './newsletter-queries.server'
import { newPreferencesToken } from './preferences.server'

export class SubscriberError extends domainErrors('SubscriberError', {
  NOT_FOUND: 404,
  INVALID_CSV: 400,
}) {}

/**
 * Removes a reader from the newsletter (an admin acting on a request, say): the row goes and
 * the address joins the suppression list as 'removed', so no import or send brings it back
 * without a fresh opt-in.
 */
export async function removeNewsletterSubscriber(id: number) {
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, id))
      .returning({ email: newsletterSubscribers.email })
    if (!row) throw new SubscriberError('NOT_FOUND', 'This subscriber no longer exists')
    await tx
      .insert(newsletterSuppressions)
      .values({ email: row.email.toLowerCase(), reason: 'removed', detail: 'Removed by hand' })
      .onConflictDoNothing()
  })
}

/** An address put on the suppression list by hand ('removed'); its subscriptions end. */
export async function suppressByHand(email: string) {
  await getDb().transaction(async (tx) => {
    await tx
      .insert(newsletterSuppressions)
      .values({ email: email.toLowerCase(), reason: 'removed', detail: 'Added by hand' })
      .onConflictDoNothing()
    const [row] = await tx
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase()))
    if (row) {
      await tx
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.subscriberId, row.id))
    }
  })
}

/** A leading =, +, - or @ makes spreadsheets run the cell as a formula: quote it as text. */
function safeCell(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const CSV_OPTIONS = {
  header: true,
  columns: [
    'email',
    'confirmed',
    'confirmed_at',
    'consented_at',
    'source',
    'subscribed_at',
    'state',
    'paused_at',
    'lists',
  ],
  record_delimiter: '\r\n',
  // A cell we guarded with a leading quote is quoted whole, so it stays text.
  quoted_match: /^'/,
}

function csvRecord(row: SubscriberRow) {
  return [
    safeCell(row.email),
    row.confirmedAt ? 'yes' : 'no',
    row.confirmedAt?.toISOString() ?? '',
    row.consentedAt?.toISOString() ?? '',
    row.source,
    row.createdAt.toISOString(),
    row.state,
    row.pausedAt?.toISOString() ?? '',
    safeCell(row.lists.join('; ')),
  ]
}

/**
 * The export: email, confirmed (yes/no), confirmed at, consent given at, source, subscribed at,
 * state, paused at, lists — ISO times in UTC.
 */
export function subscribersToCsv(rows: SubscriberRow[]) {
  return stringify(rows.map(csvRecord), CSV_OPTIONS)
}

/** The same CSV streamed as the rows come (csv-stringify's stream), for a list of any size. */
export function subscribersCsvStream(rows: AsyncIterable<SubscriberRow>): ReadableStream {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield csvRecord(row)
    })(),
  )
  const csv = records.pipe(stringifyStream(CSV_OPTIONS))
  records.on('error', (error) => csv.destroy(error))
  return Readable.toWeb(csv) as ReadableStream
}

export interface ImportReport {
  imported: number
  /** Already subscribed: left as they were (re-importing changes nothing). */
  existing: number
  /** On the suppression list: not imported (only a fresh opt-in brings them back). */
  suppressed: number
  /** Rows refused, with their line number in the file and why. */
  invalid: { line: number; reason: string }[]
}

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'email_address']
const CONSENT_HEADERS = ['consented_at', 'consent_date', 'consent date', 'consent', 'consented']
export const IMPORT_MAX_ROWS = 100_000

function refusalOf(refusal: CsvTableRefusal): SubscriberError {
  switch (refusal.code) {
    case 'NOT_CSV':
      return new SubscriberError('INVALID_CSV', `The file is not valid CSV: ${refusal.detail}`)
    case 'MISSING_COLUMNS':
      return new SubscriberError(
        'INVALID_CSV',
        'The first row must name an "email" column and a "consented_at" column',
      )
    case 'TOO_MANY_ROWS':
      return new SubscriberError('INVALID_CSV', `At most ${IMPORT_MAX_ROWS} rows at a time`)
  }
}

/**
 * Imports subscribers from CSV with a header row: an email column and the date consent was
 * given (required: a list without proof of consent is not ours to write to). Imported
 * addresses count as confirmed from that date and join the default lists; an address already
 * here is left alone, and one on the suppression list is skipped.
 */
export async function importSubscribersCsv(csv: string): Promise<ImportReport> {
  const rows = readCsvTable(csv, {
    columns: { email: EMAIL_HEADERS, consentedAt: CONSENT_HEADERS },
    maxRows: IMPORT_MAX_ROWS,
    refuse: refusalOf,
  })
  const report: ImportReport = { imported: 0, existing: 0, suppressed: 0, invalid: [] }
  const valid = new Map<string, Date>()
  rows.forEach(({ cells }, i) => {
    // Numbered as this import always has, by the row's place after the header: after a blank
    // line or a quoted line break that is not the file's line (`line`, which members report).
    const line = i + 2
    const email = newsletterSubscribeSchema.safeParse({ email: cells.email })
    if (!email.success) return void report.invalid.push({ line, reason: 'Invalid email address' })
    const consented = parseConsentDate(cells.consentedAt)
    if (!consented) {
      return void report.invalid.push({ line, reason: 'Missing or invalid consent date' })
    }
    if (!valid.has(email.data.email)) valid.set(email.data.email, consented)
  })

  const db = getDb()
  const emails = [...valid.keys()]
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000)
    await db.transaction(async (tx) => {
      const suppressed = new Set(
        (
          await tx
            .select({ email: newsletterSuppressions.email })
            .from(newsletterSuppressions)
            .where(inArray(newsletterSuppressions.email, chunk))
        ).map((r) => r.email),
      )
      const fresh = chunk.filter((e) => !suppressed.has(e))
      report.suppressed += chunk.length - fresh.length
      if (fresh.length === 0) return
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values(
          fresh.map((email) => ({
            email,
            // Never used: an imported address is confirmed by the consent it brings.
            confirmToken: `import:${newPreferencesToken()}`,
            confirmedAt: valid.get(email)!,
            consentedAt: valid.get(email)!,
            source: 'import',
            preferencesToken: newPreferencesToken(),
          })),
        )
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning({ id: newsletterSubscribers.id })
      report.imported += inserted.length
      report.existing += fresh.length - inserted.length
      const defaults = await tx
        .select({ id: newsletterLists.id })
        .from(newsletterLists)
        .where(eq(newsletterLists.isDefault, true))
      if (inserted.length > 0 && defaults.length > 0) {
        await tx
          .insert(newsletterSubscriptions)
          .values(
            inserted.flatMap((s) => defaults.map((l) => ({ subscriberId: s.id, listId: l.id }))),
          )
          .onConflictDoNothing()
      }
    })
  }
  return report
}

/** `2026-01-31` or a full ISO time; not in the future, not before 1990. */
function parseConsentDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value.replace(' ', 'T'))
  if (Number.isNaN(date.getTime())) return null
  if (date.getTime() > Date.now() + 24 * 3600 * 1000 || date.getUTCFullYear() < 1990) return null
  return date
}
