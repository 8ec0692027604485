import { describe, expect, it } from 'vitest'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { listActionSchema, listSchema } from './lists-schema'
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

  it('composes only edition lists', async () => {
    const alerts = await createList(listSchema.parse({ name: 'Alerts', kind: 'alert' }))
    await expect(createEdition(alerts.id, null)).rejects.toMatchObject({ code: 'INVALID' })
  })
})
