import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import {
  installDatabase,
  openPglite,
  openPostgres,
  type DatabaseHandle,
} from '../../app/infra/db.server'

/** A fresh database cloned from the run's migrated template: PGlite, or PostgreSQL in CI. */
export async function openTestDatabase(): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  const template = inject('postgresTemplate')
  if (url && template) {
    const name = `broadsheet_test_${crypto.randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${template}`)
    await admin.end()
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    const handle = openPostgres(dbUrl.href, 4)
    installDatabase(handle)
    return {
      ...handle,
      async destroy() {
        await handle.close()
        const cleanup = new pg.Client({ connectionString: url })
        await cleanup.connect()
        await cleanup.query(`drop database if exists ${name} with (force)`)
        await cleanup.end()
      },
    }
  }
  return openEmbeddedTestDatabase(inject('pgliteTemplate'))
}

// The embedded database: loading the template (a 40 MB data folder) into a new PGlite takes
// a second or two, as long as many test files run. A worker runs its files one after another
// in one process (vitest.config.ts), so it keeps one PGlite and, after each file, puts it back
// as the template was: every table of `public` emptied and its rows from the template written
// again, sequences where they were, the session's settings reset. A file that changed the
// schema (a table, column, index, trigger or function more or less) gets a fresh PGlite next
// time instead. VITEST_ISOLATE=1 (a process per file) opens one per file, as before.

interface Baseline {
  /** The schema's shape, to tell whether a file changed it. */
  shape: string
  tables: string[]
  /** The template's rows, each table's as JSON with the columns they are written back to. */
  rows: { table: string; columns: string; json: string }[]
  sequences: { name: string; value: string; isCalled: boolean }[]
}

interface KeptDatabase {
  handle: DatabaseHandle
  baseline: Baseline
}

const KEPT = Symbol.for('broadsheet.test-database')
const kept = globalThis as unknown as { [KEPT]?: KeptDatabase }

const SHAPE = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as shape from (
    select table_schema || '.' || table_name || '.' || column_name || ':' || data_type
      || ':' || coalesce(column_default, '') as item
      from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema')
    union all
    select schemaname || '.' || indexname || ':' || indexdef from pg_indexes
      where schemaname not in ('pg_catalog', 'information_schema')
    union all
    select tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
    union all
    select n.nspname || '.' || p.proname || ':' || md5(p.prosrc) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select 'migrations:' || count(*)::text from drizzle.__drizzle_migrations
  ) items`

async function query<T>(handle: DatabaseHandle, text: string, params: unknown[] = []) {
  return (await handle.pglite!.query<T>(text, params)).rows
}

async function readBaseline(handle: DatabaseHandle): Promise<Baseline> {
  const [{ shape }] = await query<{ shape: string }>(handle, SHAPE)
  const tables = (
    await query<{ name: string }>(
      handle,
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.name)
  const rows: Baseline['rows'] = []
  for (const table of tables) {
    const [{ json }] = await query<{ json: string | null }>(
      handle,
      `select json_agg(t)::text as json from ${table} t`,
    )
    if (!json) continue
    // Generated columns are worked out again; identity columns are written as they were.
    const [{ columns }] = await query<{ columns: string }>(
      handle,
      `select string_agg(format('%I', column_name), ', ' order by ordinal_position) as columns
         from information_schema.columns
        where format('%I.%I', table_schema, table_name) = $1 and is_generated = 'NEVER'`,
      [table],
    )
    rows.push({ table, columns, json })
  }
  const sequences = await query<{ name: string; value: string; isCalled: boolean }>(
    handle,
    `select format('%I.%I', s.schemaname, s.sequencename) as name,
            coalesce(s.last_value, s.start_value)::text as value,
            s.last_value is not null as "isCalled"
       from pg_sequences s where s.schemaname = 'public'`,
  )
  return { shape, tables, rows, sequences }
}

/** Back to the template's rows; false when the file changed the schema (open afresh then). */
async function restoreBaseline({ handle, baseline }: KeptDatabase): Promise<boolean> {
  const pglite = handle.pglite!
  if (pglite.closed) return false
  try {
    // A transaction a failed test left open ends here.
    await pglite.exec('rollback; reset all;')
    const [{ shape }] = await query<{ shape: string }>(handle, SHAPE)
    if (shape !== baseline.shape) return false
    await pglite.transaction(async (tx) => {
      await tx.exec(`truncate ${baseline.tables.join(', ')} restart identity cascade`)
      for (const { table, columns, json } of baseline.rows) {
        await tx.query(
          `insert into ${table} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${table}, $1)`,
          [json],
        )
      }
      for (const { name, value, isCalled } of baseline.sequences) {
        await tx.query('select setval($1, $2::bigint, $3)', [name, value, isCalled])
      }
    })
    return true
  } catch (error) {
    process.stderr.write(`test database: opened afresh, the reset failed: ${String(error)}\n`)
    return false
  }
}

async function openEmbeddedTestDatabase(
  templateFile: string,
): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const reuse = process.env.VITEST_ISOLATE !== '1'
  let current = reuse ? kept[KEPT] : undefined
  if (!current) {
    const handle = await openPglite(undefined, {
      loadDataDir: new Blob([fs.readFileSync(templateFile)]),
    })
    current = { handle, baseline: await readBaseline(handle) }
  }
  const { handle } = current
  installDatabase(handle)
  const mine = current
  return {
    ...handle,
    async destroy() {
      if (reuse && (await restoreBaseline(mine))) {
        kept[KEPT] = mine
        return
      }
      kept[KEPT] = undefined
      if (!handle.pglite!.closed) await handle.close()
    },
  }
}
