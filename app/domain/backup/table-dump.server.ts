import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import readline from 'node:readline'
import { sql } from 'drizzle-orm'
import { domainErrors } from '~/domain/domain-error'
import type { Database, Transaction } from '~/infra/db.server'

/**
 * The database half of the backup format: every table of the public schema as one NDJSON file
 * (`<table>.ndjson`, one row per line as PostgreSQL's own row_to_json writes it), in foreign-key
 * order, plus the identity sequences' positions. PostgreSQL both writes and reads the JSON
 * (json_populate_recordset), so every type — timestamps to the microsecond, bigints, enums,
 * dates — comes back exactly, on PGlite and on a PostgreSQL server alike.
 */

type Runner = Pick<Database, 'execute'> | Pick<Transaction, 'execute'>

export interface TableInfo {
  name: string
  /** Columns a row can be inserted with: generated columns are computed again. */
  columns: string[]
  primaryKey: string[]
  rows: number
}

export interface SequenceState {
  table: string
  column: string
  lastValue: string
  isCalled: boolean
}

export interface DumpSummary {
  tables: TableInfo[]
  sequences: SequenceState[]
  migrations: number
}

const BATCH = 1000

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

async function rows<T>(db: Runner, query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Tables of the public schema, parents before children (so inserts meet their references). */
export async function listTables(db: Runner): Promise<Omit<TableInfo, 'rows'>[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  )
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`select cc.relname as child, pc.relname as parent from pg_constraint k
        join pg_class cc on cc.oid = k.conrelid join pg_class pc on pc.oid = k.confrelid
        join pg_namespace n on n.oid = cc.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  )
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
        order by table_name, ordinal_position`,
  )
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indisprimary and n.nspname = 'public' order by c.relname, k.ord`,
  )
  const parents = new Map<string, Set<string>>()
  for (const { child, parent } of links) {
    if (child === parent) continue
    if (!parents.has(child)) parents.set(child, new Set())
    parents.get(child)!.add(parent)
  }
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return
    visiting.add(name)
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent)
    visiting.delete(name)
    ordered.push(name)
  }
  for (const { name } of tables) visit(name)
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table_name === name).map((c) => c.column_name),
    primaryKey: keys.filter((k) => k.table_name === name).map((k) => k.column_name),
  }))
}

async function identitySequences(db: Runner): Promise<SequenceState[]> {
  const identities = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES' order by table_name, column_name`,
  )
  const states: SequenceState[] = []
  for (const { table_name: table, column_name: column } of identities) {
    const [{ seq }] = await rows<{ seq: string | null }>(
      db,
      sql`select pg_get_serial_sequence(${quoteIdent(table)}, ${column}) as seq`,
    )
    if (!seq) continue
    const [state] = await rows<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text as last_value, is_called from ${seq}`),
    )
    states.push({ table, column, lastValue: state.last_value, isCalled: state.is_called })
  }
  return states
}

export async function appliedMigrations(db: Runner) {
  try {
    const [row] = await rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    )
    return row.total
  } catch {
    return 0
  }
}

/** Writes `<dir>/<table>.ndjson` for every table, from one consistent snapshot. */
export async function dumpTables(db: Database, dir: string): Promise<DumpSummary> {
  await fsp.mkdir(dir, { recursive: true })
  return db.transaction(
    async (tx) => {
      // Timestamps are written in UTC whatever the server's zone, so dumps compare byte for byte.
      await tx.execute(sql`set local timezone = 'UTC'`)
      const tables: TableInfo[] = []
      for (const table of await listTables(tx)) {
        const file = fs.createWriteStream(path.join(dir, `${table.name}.ndjson`))
        const cols = table.columns.map(quoteIdent).join(', ')
        const order = (table.primaryKey.length ? table.primaryKey : table.columns)
          .map(quoteIdent)
          .join(', ')
        let count = 0
        for (let offset = 0; ; offset += BATCH) {
          const batch = await rows<{ j: string }>(
            tx,
            sql.raw(
              `select row_to_json(t)::text as j from (select ${cols} from ${quoteIdent(table.name)} order by ${order} limit ${BATCH} offset ${offset}) t`,
            ),
          )
          for (const { j } of batch) {
            if (!file.write(`${j}\n`)) await new Promise<void>((r) => file.once('drain', () => r()))
          }
          count += batch.length
          if (batch.length < BATCH) break
        }
        await new Promise<void>((resolve, reject) =>
          file.end((error?: Error | null) => (error ? reject(error) : resolve())),
        )
        tables.push({ ...table, rows: count })
      }
      return {
        tables,
        sequences: await identitySequences(tx),
        migrations: await appliedMigrations(tx),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** A backup that cannot be restored here: missing, unreadable, or from a newer schema. */
export class RestoreError extends domainErrors('RestoreError', {
  NOT_FOUND: 404,
  BAD_ARCHIVE: 400,
  NEWER_SCHEMA: 409,
}) {}

/**
 * Replaces every table's content with the dump in `dir`, in one transaction: all of it or
 * none of it. The target must be migrated at least as far as the dump's source.
 */
export async function loadTables(db: Database, dir: string, summary: DumpSummary) {
  if ((await appliedMigrations(db)) < summary.migrations) {
    throw new RestoreError(
      'NEWER_SCHEMA',
      'This backup comes from a newer version of Broadsheet: update before restoring it.',
    )
  }
  const dumped = new Set(summary.tables.map((t) => t.name))
  await db.transaction(async (tx) => {
    const targets = await listTables(tx)
    if (targets.length > 0) {
      await tx.execute(
        sql.raw(
          `truncate table ${targets.map((t) => quoteIdent(t.name)).join(', ')} restart identity cascade`,
        ),
      )
    }
    for (const target of targets) {
      if (!dumped.has(target.name)) continue
      const source = summary.tables.find((t) => t.name === target.name)!
      // Columns both sides know; a column added since the backup takes its default.
      const columns = target.columns.filter((c) => source.columns.includes(c)).map(quoteIdent)
      // A row a trigger has already written (an article's first byline, migration 0026) is
      // the backup's own row again: kept once.
      const insert = (json: string) =>
        tx.execute(
          sql`${sql.raw(`insert into ${quoteIdent(target.name)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from json_populate_recordset(null::${quoteIdent(target.name)}, `)}${json}::json) on conflict do nothing`,
        )
      const input = fs.createReadStream(path.join(dir, `${target.name}.ndjson`))
      let batch: string[] = []
      for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
        if (!line) continue
        batch.push(line)
        if (batch.length >= BATCH) {
          await insert(`[${batch.join(',')}]`)
          batch = []
        }
      }
      if (batch.length) await insert(`[${batch.join(',')}]`)
    }
    for (const seq of summary.sequences) {
      if (!targets.some((t) => t.name === seq.table)) continue
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${quoteIdent(seq.table)}, ${seq.column}), ${seq.lastValue}::bigint, ${seq.isCalled})`,
      )
    }
  })
}
