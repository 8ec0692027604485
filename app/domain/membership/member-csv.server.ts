import { z } from 'zod'
import { type CsvTableRefusal, readCsvTable } from '~/infra/csv-table.server'
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

const MEMBER_COLUMNS = { email: EMAIL_HEADERS, plan: PLAN_HEADERS, until: UNTIL_HEADERS }

function refusalOf(refusal: CsvTableRefusal): MemberCsvRefusal {
  switch (refusal.code) {
    case 'NOT_CSV':
      return new MemberCsvRefusal(
        'INVALID_CSV',
        `The file is not valid CSV${refusal.line !== null ? ` (line ${refusal.line})` : ''}`,
      )
    case 'MISSING_COLUMNS':
      return new MemberCsvRefusal(
        'INVALID_CSV',
        'The first row must name the columns "email", "plan" and "until"',
      )
    case 'TOO_MANY_ROWS':
      return new MemberCsvRefusal(
        'TOO_MANY_ROWS',
        `The file has ${refusal.rows.toLocaleString('en-US')} members: at most ${MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time`,
      )
  }
}

export function readMembersCsv(csv: string): { rows: MemberCsvRow[]; errors: ImportRowError[] } {
  if (Buffer.byteLength(csv, 'utf8') > MEMBER_IMPORT_MAX_BYTES) {
    throw new MemberCsvRefusal(
      'FILE_TOO_LARGE',
      `The file is larger than ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files`,
    )
  }
  const body = readCsvTable(csv, {
    columns: MEMBER_COLUMNS,
    maxRows: MEMBER_IMPORT_MAX_ROWS,
    refuse: refusalOf,
  })
  if (body.length === 0) throw new MemberCsvRefusal('INVALID_CSV', 'The file has no members in it')
  const rows: MemberCsvRow[] = []
  const errors: ImportRowError[] = []
  const seen = new Map<string, number>()
  for (const { line, cells } of body) {
    const email = cells.email.toLowerCase()
    const { plan, until } = cells
    if (!emailSchema.safeParse(email).success) {
      errors.push({ line, reason: `"${cells.email}" is not an e-mail address` })
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
