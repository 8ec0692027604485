import { parse } from 'csv-parse/sync'

/*
 * An uploaded CSV read as a table, for the back office's imports (Members, Subscribers): a
 * header row naming the columns, then a row a line. The file is refused as a whole, before any
 * row is judged, when it is not CSV, lacks a column or has too many rows; each caller words
 * the refusal in its own voice and judges the rows itself, reporting a bad one by its line.
 */

/** A data row: the line of the file it ends on, and its cells by column ('' when missing). */
export interface CsvTableRow<Column extends string> {
  line: number
  cells: Record<Column, string>
}

/** Why the file is refused as a whole. */
export type CsvTableRefusal =
  /** csv-parse could not read it: its line when it knows it, and its message. */
  | { code: 'NOT_CSV'; line: number | null; detail: string }
  /** The header row does not name every column. */
  | { code: 'MISSING_COLUMNS' }
  | { code: 'TOO_MANY_ROWS'; rows: number }

export interface CsvTableShape<Column extends string> {
  /** Each column and the header names it may go by, in lower case (the first match counts). */
  columns: Record<Column, readonly string[]>
  /** Data rows at most (the header not counted). */
  maxRows: number
  /** The caller's error for a refused file, thrown as it is. */
  refuse: (refusal: CsvTableRefusal) => Error
}

export function readCsvTable<Column extends string>(
  csv: string,
  shape: CsvTableShape<Column>,
): CsvTableRow<Column>[] {
  const columns = Object.entries(shape.columns) as [Column, readonly string[]][]
  // Where each column is, once the header row is read.
  let places = null as (readonly [Column, number])[] | null
  const rows: CsvTableRow<Column>[] = []
  try {
    parse(csv, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      // Each row kept as it is read, by its columns with its line, rather than as csv-parse's
      // arrays: a 100,000-row file then takes less memory than its records would.
      on_record: (record, { lines }) => {
        if (places === null) {
          const names = record.map((name) => name.toLowerCase())
          places = columns.map(([column, aliases]) => [
            column,
            names.findIndex((name) => aliases.includes(name)),
          ])
        } else if (places.every(([, at]) => at >= 0)) {
          const cells = Object.fromEntries(places.map(([column, at]) => [column, record[at] ?? '']))
          rows.push({ line: lines, cells: cells as Record<Column, string> })
        }
        return null
      },
    })
  } catch (error) {
    const line = (error as { lines?: unknown }).lines
    throw shape.refuse({
      code: 'NOT_CSV',
      line: typeof line === 'number' ? line : null,
      detail: (error as Error).message,
    })
  }
  if (places === null || places.some(([, at]) => at < 0)) {
    throw shape.refuse({ code: 'MISSING_COLUMNS' })
  }
  if (rows.length > shape.maxRows) throw shape.refuse({ code: 'TOO_MANY_ROWS', rows: rows.length })
  return rows
}
