import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { callRoute, get, post } from '../../tests/setup/admin-fixtures'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import * as edit from './admin.edit-article.$id'
import * as create from './admin.new-article'

// The publishing panel's Access through the editor's routes (issue 38): what the form is
// given, what a save stores, and a refusal for whoever may not publish the article.

type Staff = Awaited<ReturnType<typeof createTestUser>> & { cookie: string }
const staff = {} as Record<'author' | 'contributor', Staff>
let opinion: number
let plan: number

beforeAll(async () => {
  for (const role of ['author', 'contributor'] as const) {
    const user = await createTestUser({ role })
    staff[role] = { ...user, cookie: await sessionCookie(user) }
  }
  const db = getDb()
  const [category] = await db
    .insert(categories)
    .values({ name: 'Opinion', slug: 'opinion-route', defaultAccess: 'members' })
    .returning({ id: categories.id })
  opinion = category.id
  const [row] = await db
    .insert(plans)
    .values({ slug: 'print-digital', name: 'Print + Digital', yearlyPriceCents: 12000 })
    .returning({ id: plans.id })
  plan = row.id
})

async function stored(title: string) {
  const [row] = await getDb().select().from(articles).where(eq(articles.title, title))
  return row
}

describe('the Access field of the article form', () => {
  it('gives the form the plans, the site’s preview length and each category’s default', async () => {
    const data = await (
      await callRoute(create.loader, get(staff.contributor.cookie, '/admin/new-article'))
    ).json()
    expect(data.plans).toContainEqual({ id: plan, name: 'Print + Digital', status: 'visible' })
    expect(data.sitePreviewParagraphs).toBe(3)
    expect(data.categories).toContainEqual({
      id: opinion,
      name: 'Opinion',
      defaultAccess: 'members',
    })
  })

  it('saves an author’s members story with its plan, free for now and preview, and opens it so', async () => {
    const title = `Members ${Date.now()}`
    const response = await callRoute(
      create.action,
      post(staff.author.cookie, '/admin/new-article', {
        title,
        content: '<p>One.</p><p>Two.</p>',
        categoryId: String(opinion),
        access: 'members',
        accessPlanIds: String(plan),
        freeForNow: 'true',
        previewParagraphs: '1',
      }),
    )
    expect(response.status).toBe(302)
    const row = await stored(title)
    expect(row).toMatchObject({
      access: 'members',
      accessPlanIds: [plan],
      freeForNow: true,
      previewParagraphs: 1,
    })
    const data = await (
      await callRoute(edit.loader, get(staff.author.cookie, `/admin/edit-article/${row.id}`), {
        id: String(row.id),
      })
    ).json()
    expect(data.article).toMatchObject({
      access: 'members',
      accessPlanIds: [plan],
      freeForNow: true,
      previewParagraphs: 1,
    })
  })

  it('answers a bad preview length under its field, and saves nothing', async () => {
    const title = `Bad preview ${Date.now()}`
    const response = await callRoute(
      create.action,
      post(staff.author.cookie, '/admin/new-article', {
        title,
        content: '<p>Text.</p>',
        access: 'registered',
        previewParagraphs: '80',
      }),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors.previewParagraphs[0]).toMatch(/from 0 to 50/)
    expect(await stored(title)).toBeUndefined()
  })

  it('refuses a contributor who makes her story for members (403), and saves nothing', async () => {
    const title = `Contributor ${Date.now()}`
    const response = await callRoute(
      create.action,
      post(staff.contributor.cookie, '/admin/new-article', {
        title,
        content: '<p>Text.</p>',
        access: 'members',
      }),
    )
    expect(response.status).toBe(403)
    const body = await response.json()
    expect(body.code).toBe('ACCESS_REFUSED')
    expect(body.toast.description).toBe(
      'Only someone who may publish this article can change who may read it.',
    )
    expect(await stored(title)).toBeUndefined()
  })

  it('lets her write in a members category, where her story starts for members', async () => {
    const title = `Opinion draft ${Date.now()}`
    const response = await callRoute(
      create.action,
      post(staff.contributor.cookie, '/admin/new-article', {
        title,
        content: '<p>Text.</p>',
        categoryId: String(opinion),
        access: 'members',
      }),
    )
    expect(response.status).toBe(302)
    expect((await stored(title)).access).toBe('members')
  })
})
