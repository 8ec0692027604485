import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, profiles, siteSettings } from '@db/schema/index'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { callRoute, get, post } from '../../tests/setup/admin-fixtures'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import * as edit from './admin.edit-article.$id'
import * as create from './admin.new-article'

// What the article form is given besides the article: the signed-in user's id and role (the
// status choices and the byline follow them), the site's time zone, and the byline's choices.

type Staff = Awaited<ReturnType<typeof createTestUser>> & { cookie: string }
const staff = {} as Record<'admin' | 'editor' | 'contributor' | 'viewer', Staff>

beforeAll(async () => {
  for (const role of ['admin', 'editor', 'contributor', 'viewer'] as const) {
    const user = await createTestUser({ role })
    staff[role] = { ...user, cookie: await sessionCookie(user) }
  }
  await getDb()
    .update(profiles)
    .set({ displayName: 'Ed Itor' })
    .where(eq(profiles.id, staff.editor.id))
})

const newForm = async (who: Staff) =>
  (await callRoute(create.loader, get(who.cookie, '/admin/new-article'))).json()

describe('the article form’s options', () => {
  it('tells the form who is signing in, and gives a contributor no byline to choose', async () => {
    const data = await newForm(staff.contributor)
    expect(data.viewer).toEqual({ id: staff.contributor.id, role: 'contributor' })
    expect(data.bylineChoices).toBeNull()
    expect(data.authorName).toBe(staff.contributor.email.split('@')[0])
    expect(data.timeZone).toBe('UTC')
  })

  it('offers an editor every staff member for the byline, by name, and no reader', async () => {
    const data = await newForm(staff.editor)
    expect(data.viewer).toEqual({ id: staff.editor.id, role: 'editor' })
    const ids = data.bylineChoices.map((member: { id: string }) => member.id)
    expect(ids).toEqual(
      expect.arrayContaining([staff.admin.id, staff.editor.id, staff.contributor.id]),
    )
    expect(ids).not.toContain(staff.viewer.id)
    expect(data.bylineChoices).toContainEqual({ id: staff.editor.id, name: 'Ed Itor' })
    const names = data.bylineChoices.map((member: { name: string }) => member.name.toLowerCase())
    expect(names).toEqual([...names].sort())
  })

  it('keeps a former staff member on the byline choices of their own article', async () => {
    const former = await createTestUser({ role: 'viewer' })
    const article = await insertArticle({ status: 'draft', authorId: former.id })
    const response = await callRoute(
      edit.loader,
      get(staff.editor.cookie, `/admin/edit-article/${article.id}`),
      { id: String(article.id) },
    )
    const data = await response.json()
    expect(data.bylineChoices.map((member: { id: string }) => member.id)).toContain(former.id)
  })

  it('passes the site’s time zone, and says whether readers can open the article now', async () => {
    await getDb()
      .insert(siteSettings)
      .values({ id: 1, timeZone: 'Europe/Paris' })
      .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'Europe/Paris' } })
    const live = await insertArticle({ status: 'published', authorId: staff.editor.id })
    const scheduled = await insertArticle({
      status: 'published',
      publishedAt: new Date(Date.now() + 86_400_000),
    })
    const draft = await insertArticle({ status: 'draft' })
    const open = async (id: number) =>
      (
        await callRoute(edit.loader, get(staff.admin.cookie, `/admin/edit-article/${id}`), {
          id: String(id),
        })
      ).json()
    const data = await open(live.id)
    expect(data).toMatchObject({ live: true, timeZone: 'Europe/Paris', authorName: 'Ed Itor' })
    expect(data.article.slug).toBe(live.slug)
    expect((await open(scheduled.id)).live).toBe(false)
    expect((await open(draft.id)).live).toBe(false)
  })

  it('reads a publish time posted without an offset in the site’s time zone', async () => {
    await getDb()
      .insert(siteSettings)
      .values({ id: 1, timeZone: 'America/New_York' })
      .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'America/New_York' } })
    // Written here directly: announced as the settings' own write does (settings.server.ts).
    announceChanged([EVERYTHING])
    const title = `Zoned ${Date.now()}`
    const response = await callRoute(
      create.action,
      post(staff.admin.cookie, '/admin/new-article', {
        title,
        content: '<p>On time.</p>',
        status: 'published',
        publishedAt: '2031-01-15T09:00',
      }),
    )
    expect(response.status).toBe(302)
    const [row] = await getDb().select().from(articles).where(eq(articles.title, title))
    expect(row.publishedAt?.toISOString()).toBe('2031-01-15T14:00:00.000Z')
  })
})
