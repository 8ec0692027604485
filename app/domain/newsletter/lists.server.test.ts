import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterIssues } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { editionSchema, listActionSchema, listSchema } from './lists-schema'
import {
  createEdition,
  createList,
  deleteDraftIssue,
  deleteList,
  getIssue,
  listLists,
  saveEdition,
  updateList,
} from './lists.server'

const base = { name: 'Morning Briefing', kind: 'edition' as const }

describe('listSchema', () => {
  it('asks a digest for its cadence, time and weekday', () => {
    const parsed = listSchema.safeParse({ name: 'Daily', kind: 'digest', cadence: 'weekly' })
    expect(parsed.success).toBe(false)
    const paths = parsed.error!.issues.map((i) => i.path[0])
    expect(paths).toEqual(expect.arrayContaining(['sendTime', 'weekday']))
  })

  it('refuses an unknown time zone and a bad time', () => {
    const parsed = listSchema.safeParse({
      name: 'Daily',
      kind: 'digest',
      cadence: 'daily',
      sendTime: '25:00',
      timeZone: 'Mars/Olympus',
    })
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Use a time like 07:30', 'Unknown time zone']),
    )
  })

  it('reads checkboxes and ids from the form', () => {
    const parsed = listActionSchema.parse({
      intent: 'create-list',
      name: ' Weekly ',
      kind: 'digest',
      cadence: 'weekly',
      weekday: '1',
      sendTime: '07:30',
      timeZone: 'Europe/Paris',
      minStories: '3',
      isDefault: 'on',
      categoryId: '',
    })
    expect(parsed).toMatchObject({
      name: 'Weekly',
      weekday: 1,
      minStories: 3,
      isDefault: true,
      categoryId: null,
    })
  })
})

describe('lists', () => {
  it('creates lists with free slugs, keeps the slug on rename, and drops digest fields elsewhere', async () => {
    const first = await createList(listSchema.parse(base))
    const second = await createList(listSchema.parse(base))
    expect([first.slug, second.slug]).toEqual(['morning-briefing', 'morning-briefing-2'])
    const renamed = await updateList(
      first.id,
      listSchema.parse({ ...base, name: 'Evening', sendTime: '07:00', cadence: 'daily' }),
    )
    expect(renamed).toMatchObject({ slug: 'morning-briefing', name: 'Evening', sendTime: null })
    // The migration's two default lists come first by name.
    const lists = await listLists()
    expect(lists.map((l) => [l.name, l.subscribers])).toEqual([
      ['Breaking news', 0],
      ['Daily briefing', 0],
      ['Evening', 0],
      ['Morning Briefing', 0],
    ])
  })

  it('keeps a list whose issues went out, and deletes an unused one', async () => {
    const list = await createList(listSchema.parse({ ...base, name: 'Kept' }))
    const issueId = await createEdition(list.id, null)
    const { getDb } = await import('~/infra/db.server')
    const { newsletterIssues } = await import('@db/schema/index')
    const { eq } = await import('drizzle-orm')
    await getDb()
      .update(newsletterIssues)
      .set({ status: 'sent' })
      .where(eq(newsletterIssues.id, issueId))
    await expect(deleteList(list.id)).rejects.toMatchObject({ code: 'NOT_EDITABLE' })
    const unused = await createList(listSchema.parse({ ...base, name: 'Unused' }))
    await deleteList(unused.id)
    await expect(deleteList(unused.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('editions', () => {
  it('saves a draft with its stories in order; refuses unpublished stories and non-drafts', async () => {
    const list = await createList(listSchema.parse({ ...base, name: 'Composer' }))
    const a = await insertArticle({ status: 'published', title: 'A' })
    const b = await insertArticle({ status: 'published', title: 'B' })
    const draft = await insertArticle({ status: 'draft', title: 'C' })
    const id = await createEdition(list.id, null)
    await saveEdition(id, {
      subject: 'Hello',
      preheader: '',
      intro: 'Hi',
      articleIds: [b.id, a.id],
    })
    expect(await getIssue(id)).toMatchObject({ subject: 'Hello', articleIds: [b.id, a.id] })
    await expect(
      saveEdition(id, { subject: 'x', preheader: '', intro: '', articleIds: [draft.id] }),
    ).rejects.toMatchObject({ code: 'INVALID' })
    await deleteDraftIssue(id)
    await expect(
      saveEdition(id, { subject: 'x', preheader: '', intro: '', articleIds: [] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('keeps of an introduction what the article editor writes, and stores its empty document as none', async () => {
    const list = await createList(listSchema.parse({ ...base, name: 'Blocks' }))
    const id = await createEdition(list.id, null)
    const values = editionSchema.parse({
      subject: 'Hello',
      intro:
        '<p>Hi <script>alert(1)</script><strong>all</strong></p><iframe src="https://evil.example"></iframe>' +
        '<figure data-block="pull-quote"><blockquote><p>Quoted</p></blockquote></figure>',
    })
    await saveEdition(id, values)
    expect((await getIssue(id))?.intro).toBe(
      '<p>Hi <strong>all</strong></p><figure data-block="pull-quote"><blockquote><p>Quoted</p></blockquote></figure>',
    )
    await saveEdition(id, editionSchema.parse({ subject: 'Hello', intro: '<p></p>' }))
    expect((await getIssue(id))?.intro).toBe('')
    expect(
      editionSchema.safeParse({ subject: 'Hello', intro: `<p>${'x'.repeat(200_001)}</p>` }).error
        ?.issues[0].message,
    ).toBe('Introduction is too long')
  })

  it('turns an introduction written as plain text before the editor into paragraphs (migration 0031)', async () => {
    const list = await createList(listSchema.parse({ ...base, name: 'Old intro' }))
    const id = await createEdition(list.id, null)
    const db = getDb()
    await db
      .update(newsletterIssues)
      .set({ intro: 'Dear <reader> & friends,\r\n\r\n\nfirst line\nsecond line\n' })
      .where(eq(newsletterIssues.id, id))
    const migration = fs.readFileSync('db/migrations/0031_newsletter-intro-html.sql', 'utf8')
    // Run on this issue alone: other files' issues may share the database.
    const condition = `WHERE "intro" <> ''`
    expect(migration).toContain(condition)
    await db.execute(sql.raw(migration.replace(condition, `${condition} AND "id" = ${id}`)))
    expect((await getIssue(id))?.intro).toBe(
      '<p>Dear &lt;reader&gt; &amp; friends,</p><p>first line<br />second line</p>',
    )
  })

  it('composes only edition lists', async () => {
    const alerts = await createList(listSchema.parse({ name: 'Alerts', kind: 'alert' }))
    await expect(createEdition(alerts.id, null)).rejects.toMatchObject({ code: 'INVALID' })
  })
})
