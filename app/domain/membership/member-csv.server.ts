import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import {
  isCalendarDay,
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_ROWS,
  type ImportRowError,
} from './members-schema'

/*
 * Reading an import of existing subscribers (issue 38): a header row naming an e-mail, a plan
 * (its name or its slug) and the last day of access (YYYY-MM-DD), then one member a row. The
 * rows are checked here for what needs no database (the address, the date, a row met twice);
 * entitlements.server.ts checks the rest and writes all or nothing.
 */

export interface MemberCsvRow {
  line: number
  email: string
  plan: string
  until: string
}

/** A refusal of the file as a whole: its size, its length, not CSV, its columns. */
export class MemberCsvRefusal extends Error {
  constructor(
    readonly code: 'INVALID_CSV' | 'FILE_TOO_LARGE' | 'TOO_MANY_ROWS',
    message: string,
  ) {
    super(message)
  }
}

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'email_address']
const PLAN_HEADERS = ['plan', 'plan name', 'plan_name', 'plan slug', 'plan_slug', 'tier']
const UNTIL_HEADERS = ['until', 'ends', 'ends_at', 'end date', 'end_date', 'expires', 'expires_at']

const emailSchema = z.email()

export function readMembersCsv(csv: string): { rows: MemberCsvRow[]; errors: ImportRowError[] } {
  if (Buffer.byteLength(csv, 'utf8') > MEMBER_IMPORT_MAX_BYTES) {
    throw new MemberCsvRefusal(
      'FILE_TOO_LARGE',
      `The file is larger than ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
    )
  }
  let records: { record: string[]; info: { lines: number } }[]
  try {
    // csv-parse's sync typing does not follow `info: true` (which wraps each row with its
    // line), so the result is named here as that option makes it.
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records
  } catch (error) {
    const line = (error as { lines?: unknown }).lines
    throw new MemberCsvRefusal(
      'INVALID_CSV',
      `The file is not valid CSV${typeof line === 'number' ? ` (line ${line})` : ''}`,
    )
  }
  const [header, ...body] = records
  const names = (header?.record ?? []).map((name) => name.toLowerCase())
  const at = (choices: string[]) => names.findIndex((name) => choices.includes(name))
  const emailAt = at(EMAIL_HEADERS)
  const planAt = at(PLAN_HEADERS)
  const untilAt = at(UNTIL_HEADERS)
  if (emailAt < 0 || planAt < 0 || untilAt < 0) {
    throw new MemberCsvRefusal(
      'INVALID_CSV',
      'The first row must name the columns "email", "plan" and "until"',
    )
  }
  if (body.length === 0) throw new MemberCsvRefusal('INVALID_CSV', 'The file has no members in it')
  if (body.length > MEMBER_IMPORT_MAX_ROWS) {
    throw new MemberCsvRefusal(
      'TOO_MANY_ROWS',
      `The file has ${body.length.toLocaleString('en-US')} members: at most ${MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time`,
    )
  }
  const rows: MemberCsvRow[] = []
  const errors: ImportRowError[] = []
  const seen = new Map<string, number>()
  for (const { record, info } of body) {
    const line = info.lines
    const email = (record[emailAt] ?? '').toLowerCase()
    const plan = record[planAt] ?? ''
    const until = record[untilAt] ?? ''
    if (!emailSchema.safeParse(email).success) {
      errors.push({ line, reason: `"${record[emailAt] ?? ''}" is not an e-mail address` })
      continue
    }
    if (!plan) {
      errors.push({ line, reason: 'No plan' })
      continue
    }
    if (!isCalendarDay(until)) {
      errors.push({ line, reason: `"${until}" is not a date (YYYY-MM-DD)` })
      continue
    }
    const key = `${email}\n${plan.toLowerCase()}`
    const first = seen.get(key)
    if (first !== undefined) {
      errors.push({ line, reason: `The same member and plan as line ${first}` })
      continue
    }
    seen.set(key, line)
    rows.push({ line, email, plan, until })
  }
  return { rows, errors }
}
