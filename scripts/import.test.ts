import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '~/infra/db.server'
import { prepareDataDir } from '../tests/setup/child-process'
import { WXR_CLOSING, wxrOpening } from '../tests/setup/wxr'

/*
 * `npm run import -- FILE` on a new site (newcomer's report: a paper moving in from WordPress
 * starts with no data folder and no admin, and the import stopped with "No admin yet" after
 * printing its whole analysis). The script runs in a process of its own, as an operator runs it.
 */

const GHOST = path.resolve(import.meta.dirname, '../../shared/fixtures/ghost/v4_export.json')
const folders: string[] = []

afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
})

function wxr() {
  const posts = [1, 2, 3].map(
    (n) => `<item><title>Ferry notes ${n}</title><link>https://old.example/ferry-notes-${n}/</link>
<dc:creator><![CDATA[skipper]]></dc:creator>
<content:encoded><![CDATA[<p>The ferry, part ${n}.</p>]]></content:encoded>
<wp:post_id>${n}</wp:post_id><wp:post_date_gmt>2019-03-05 10:00:00</wp:post_date_gmt>
<wp:post_name>ferry-notes-${n}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`,
  )
  return `${wxrOpening('Ferry Times')}<wp:author><wp:author_login>skipper</wp:author_login><wp:author_email>skipper@old.example</wp:author_email><wp:author_display_name><![CDATA[The Skipper]]></wp:author_display_name></wp:author>
${posts.join('\n')}
${WXR_CLOSING}`
}

function newFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-import-cli-'))
  folders.push(dir)
  const file = path.join(dir, 'ferry-times.xml')
  fs.writeFileSync(file, wxr())
  return { dir, file }
}

function importCli(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  delete env.DATABASE_READ_URL
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/import.ts', ...args],
      { env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function query(dataDir: string, statement: ReturnType<typeof sql>) {
  const handle = await openPglite(path.join(dataDir, 'db'))
  try {
    return (await handle.db.execute(statement)).rows
  } finally {
    await handle.close()
  }
}

describe('npm run import on a site with no admin yet', () => {
  it('WordPress without --admin-email: says so before reading the file', async () => {
    const { file } = newFolder()
    const dataDir = await prepareDataDir('broadsheet-import-cli-')
    folders.push(dataDir)
    const run = await importCli(dataDir, [file])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('No admin yet. Name the one to create with --admin-email')
    // Nothing of the file was read or shown.
    expect(run.stdout).not.toContain('Site:')
    expect(await query(dataDir, sql`select count(*)::int as n from import_jobs`)).toEqual([
      { n: 0 },
    ])
  }, 120_000)

  it('WordPress with --admin-email into a data folder that does not exist yet', async () => {
    const { dir, file } = newFolder()
    const dataDir = path.join(dir, 'data')
    const run = await importCli(dataDir, [file, '--admin-email', 'Editor@Ferry.example'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Created admin editor@ferry.example.')
    expect(run.stdout).toContain(
      "Set its password before signing in: npm run admin:create -- --email editor@ferry.example --password '…'",
    )
    expect(run.stdout).toContain('3 created')
    // The analysis and the report both say nothing is behind a wall.
    expect(run.stdout.match(/^Behind a wall: none$/gm)).toHaveLength(2)
    expect(await query(dataDir, sql`select email, role from profiles order by email`)).toEqual([
      { email: 'editor@ferry.example', role: 'admin' },
      { email: 'skipper@old.example', role: 'author' },
    ])
    expect(await query(dataDir, sql`select count(*)::int as n from articles`)).toEqual([{ n: 3 }])
  }, 180_000)

  it('Ghost: the export’s administrator becomes the admin, with its posts', async () => {
    const dataDir = await prepareDataDir('broadsheet-import-cli-')
    folders.push(dataDir)
    const run = await importCli(dataDir, [GHOST, '--admin-password', 'harbour-lights-2026'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Created admin test@ghost.org.')
    expect(run.stdout).not.toContain('Set its password')
    // Ghost's paid post, in the analysis and again in the report.
    expect(run.stdout.match(/^Behind a wall: 1 story for paying members$/gm)).toHaveLength(2)
    expect(
      await query(
        dataDir,
        sql`select p.email, p.role, count(a.id)::int as articles from profiles p
            left join articles a on a.author_id = p.id group by p.email, p.role order by p.email`,
      ),
    ).toEqual([
      { email: 'ghost-author@example.com', role: 'author', articles: 11 },
      { email: 'test@ghost.org', role: 'admin', articles: 0 },
    ])
  }, 180_000)
})
