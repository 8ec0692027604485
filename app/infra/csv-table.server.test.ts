import { describe, expect, it } from 'vitest'
import { type CsvTableRefusal, readCsvTable } from './csv-table.server'

class Refused extends Error {
  constructor(readonly refusal: CsvTableRefusal) {
    super(refusal.code)
  }
}

const shape = {
  columns: { email: ['email', 'e-mail'], day: ['until', 'day'] },
  maxRows: 3,
  refuse: (refusal: CsvTableRefusal) => new Refused(refusal),
}

function refusalOf(csv: string): CsvTableRefusal {
  try {
    readCsvTable(csv, shape)
  } catch (error) {
    if (error instanceof Refused) return error.refusal
    throw error
  }
  throw new Error('not refused')
}

describe('readCsvTable', () => {
  it('reads the columns by any of their names, in any order, with each row’s line', () => {
    const csv =
      '\uFEFFDay, E-Mail ,extra\n2027-01-31,  a@example.com ,x\n\n"2027-\n02-01",b@example.com\n'
    expect(readCsvTable(csv, shape)).toEqual([
      { line: 2, cells: { email: 'a@example.com', day: '2027-01-31' } },
      { line: 5, cells: { email: 'b@example.com', day: '2027-\n02-01' } },
    ])
  })

  it('gives a missing cell as empty, and the first column of a name', () => {
    expect(readCsvTable('email,until,email\na@example.com\n', shape)).toEqual([
      { line: 2, cells: { email: 'a@example.com', day: '' } },
    ])
  })

  it('answers no rows for a header alone', () => {
    expect(readCsvTable('email,until\n', shape)).toEqual([])
  })

  it('refuses a file that is not CSV, with its line and csv-parse’s words', () => {
    const refusal = refusalOf('email,until\na@example.com,"open\n')
    expect(refusal).toMatchObject({ code: 'NOT_CSV', line: 2 })
    expect(refusal.code === 'NOT_CSV' && refusal.detail).toMatch(/quote/i)
  })

  it('refuses a header without every column, and an empty file', () => {
    expect(refusalOf('email,plan\na@example.com,x\n')).toEqual({ code: 'MISSING_COLUMNS' })
    expect(refusalOf('')).toEqual({ code: 'MISSING_COLUMNS' })
  })

  it('refuses more rows than its bound, saying how many', () => {
    const csv = ['email,until', ...Array.from({ length: 4 }, (_, i) => `${i}@x.org,1`)].join('\n')
    expect(refusalOf(csv)).toEqual({ code: 'TOO_MANY_ROWS', rows: 4 })
  })
})
