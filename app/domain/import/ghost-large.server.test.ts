import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '~/infra/db.server'
import { prepareDataDir, spawnScript } from '../../../tests/setup/child-process'
import { ghostPostSlug, writeGhostExport } from '../../../tests/setup/ghost-export'

/*
 * A large Ghost export (security audit, HIGH: "a large Ghost export kills the server"). The
 * reader parsed the whole file with JSON.parse: a 121 MB export of 12,000 posts of about 10 KB
 * ended the process (V8 heap out of memory under the server's --max-old-space-size=192) when an
 * admin uploaded it. Both runs here are processes of their own with a bounded heap, as the
 * server and `npm run import` run:
 * - the upload's dry run of that very file (12,000 posts of 10 KB) under 192 MiB;
 * - a whole import of 1,500 such posts (16 MB) under 64 MiB, which JSON.parse of the file alone
 *   exceeds (the old reader died there), so that the import's memory is shown flat in posts
 *   without the suite spending minutes writing 12,000 of them (bench/import.ts does: its
 *   figures are in docs/performance.md).
 */

const CHILD = 'tests/setup/import-child.ts'
let dataDir = ''
let bigDataDir = ''

beforeAll(async () => {
  dataDir = await prepareDataDir('broadsheet-ghost-large-')
  bigDataDir = await prepareDataDir('broadsheet-ghost-big-')
})

afterAll(() => {
  for (const dir of [dataDir, bigDataDir]) fs.rmSync(dir, { recursive: true, force: true })
})

function run(mode: 'first' | 'analyse', dir: string, file: string, heapMiB: number) {
  return spawnScript(CHILD, {
    DATA_DIR: dir,
    MODE: mode,
    FILE: file,
    NODE_OPTIONS: `--max-old-space-size=${heapMiB}`,
  })
}

describe('a large Ghost export', () => {
  it('of 121 MB (12,000 posts of 10 KB) is analysed under the server’s 192 MiB heap', async () => {
    const file = path.join(bigDataDir, 'ghost-12000.json')
    await writeGhostExport(file, { posts: 12_000, bodyBytes: 10_000 })
    expect(fs.statSync(file).size).toBeGreaterThan(121 * 1000 * 1000)
    const child = run('analyse', bigDataDir, file, 192)
    expect(await child.exited, child.stderr()).toBe(0)
    const analysed = await child.next((e) => e.event === 'analysed')
    expect(analysed.analysis).toMatchObject({
      site: { key: 'ghost:generated-harbour-gazette', title: 'The Harbour Gazette' },
      total: 12_000,
      toImport: 12_000,
      byTypeAndStatus: { 'post/published': 12_000 },
    })
    // The file stays only as the job's own copy: one file under imports/.
    expect(fs.readdirSync(path.join(bigDataDir, 'imports'))).toHaveLength(1)
    console.info('ghost dry run, 12,000 posts of 10 KB:', analysed)
  }, 300_000)

  it('imports whole under a heap smaller than the file parsed at once', async () => {
    const posts = 1_500
    const file = path.join(dataDir, 'ghost-1500.json')
    await writeGhostExport(file, { posts, bodyBytes: 10_000 })
    const child = run('first', dataDir, file, 64)
    expect(await child.exited, child.stderr()).toBe(0)
    const done = await child.next((e) => e.event === 'done')
    expect(done.counts).toEqual({ created: posts, updated: 0, unchanged: 0, skipped: 0 })
    console.info('ghost import, 1,500 posts of 10 KB under 64 MiB:', done)

    const handle = await openPglite(path.join(dataDir, 'db'))
    try {
      const rows = async (query: ReturnType<typeof sql>) => (await handle.db.execute(query)).rows
      expect(await rows(sql`select count(*)::int as n from articles`)).toEqual([{ n: posts }])
      const [last] = (await rows(
        sql`select a.title, a.excerpt, a.status, length(a.content) > 9000 as whole, c.slug as section, p.name as author
            from articles a join categories c on c.id = a.category_id join profiles p on p.id = a.author_id
            where a.slug = ${ghostPostSlug(posts - 1)}`,
      )) as Record<string, unknown>[]
      expect(last).toEqual({
        title: `Harbour report ${posts}`,
        excerpt: `The harbour, part ${posts}.`,
        status: 'published',
        whole: true,
        section: `quay-${((posts - 1) % 10) + 1}`,
        author: 'Harbour Editor',
      })
    } finally {
      await handle.close()
    }
  }, 300_000)
})
