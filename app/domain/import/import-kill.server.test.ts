import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '~/infra/db.server'
import { prepareDataDir, spawnScript } from '../../../tests/setup/child-process'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'

/*
 * kill -9 during an import (issue: "kill -9 during an import, start again: it resumes or can
 * be re-run with the same result"). A process imports a WordPress export into an embedded
 * database on disk and is killed half way; a new process on the same folder (the lock the
 * dead one left is taken over) finds the job as the Import screen shows it, interrupted, and
 * imports it again: every post once, nothing doubled, the counts of a whole import.
 */

const POSTS = 100
const CHILD = 'tests/setup/import-child.ts'
let dataDir = ''
let file = ''

function wxr(posts: number) {
  const items = Array.from(
    { length: posts },
    (_, n) => `<item>
<title>Harbour story ${n + 1}</title>
<link>https://old.example/2019/03/harbour-story-${n + 1}/</link>
<dc:creator><![CDATA[reporter]]></dc:creator>
<content:encoded><![CDATA[<p>The harbour wall, part ${n + 1}.</p>]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${n + 1}</wp:post_id>
<wp:post_date_gmt>2019-03-05 10:00:00</wp:post_date_gmt>
<wp:post_name>harbour-story-${n + 1}</wp:post_name>
<wp:status>publish</wp:status>
<wp:post_type>post</wp:post_type>
<category domain="category" nicename="harbour"><![CDATA[Harbour]]></category>
</item>`,
  )
  return `${wxrOpening('Old Gazette')}<wp:author><wp:author_login>reporter</wp:author_login><wp:author_email>reporter@old.example</wp:author_email><wp:author_display_name><![CDATA[Old Reporter]]></wp:author_display_name></wp:author>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>harbour</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[Harbour]]></wp:cat_name></wp:category>
${items.join('\n')}
${WXR_CLOSING}`
}

beforeAll(async () => {
  dataDir = await prepareDataDir('broadsheet-import-kill-')
  file = path.join(dataDir, 'old-gazette.xml')
  fs.writeFileSync(file, wxr(POSTS))
})

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('an import killed with SIGKILL half way', () => {
  it('is shown interrupted after a restart, and importing again ends as one whole import', async () => {
    const first = spawnScript(CHILD, { DATA_DIR: dataDir, MODE: 'first', FILE: file })
    expect(await first.next((e) => e.event === 'job')).toMatchObject({ total: POSTS })
    const halfWay = await first.next(
      (e) => e.event === 'progress' && Number(e.processed) >= POSTS / 2,
    )
    first.proc.kill('SIGKILL')
    expect(await first.exited).toBeNull()
    expect(first.events.some((e) => e.event === 'done')).toBe(false)
    const killedAfter = Number(halfWay.processed)

    const again = spawnScript(CHILD, { DATA_DIR: dataDir, MODE: 'again' })
    const state = await again.next((e) => e.event === 'state')
    expect(state).toMatchObject({ status: 'running', interrupted: true })
    expect(Number(state.processed)).toBeLessThan(POSTS)
    const done = await again.next((e) => e.event === 'done')
    expect(await again.exited, again.stderr()).toBe(0)
    const counts = done.counts as Record<'created' | 'updated' | 'unchanged' | 'skipped', number>
    // What the killed run committed is found as it was left; only the rest is new.
    expect(counts.unchanged).toBeGreaterThanOrEqual(killedAfter)
    expect(counts.created).toBeGreaterThan(0)
    expect(counts.created + counts.unchanged).toBe(POSTS)
    expect(counts.updated).toBe(0)

    const handle = await openPglite(path.join(dataDir, 'db'))
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        Number(((await handle.db.execute(query)).rows[0] as { n: number | string }).n)
      expect(await count(sql`select count(*) as n from articles`)).toBe(POSTS)
      expect(await count(sql`select count(distinct title) as n from articles`)).toBe(POSTS)
      expect(
        await count(sql`select count(*) as n from import_map where source_type = 'post'`),
      ).toBe(POSTS)
      expect(await count(sql`select count(*) as n from categories where name = 'Harbour'`)).toBe(1)
      expect(await count(sql`select count(*) as n from profiles where name = 'Old Reporter'`)).toBe(
        1,
      )
      expect(
        await count(sql`select count(*) as n from redirects where from_path like '/2019/03/%'`),
      ).toBe(POSTS)
      const job = (await handle.db.execute(sql`select status, processed from import_jobs`)).rows
      expect(job).toEqual([{ status: 'done', processed: POSTS }])
    } finally {
      await handle.close()
    }
  }, 300_000)
})
