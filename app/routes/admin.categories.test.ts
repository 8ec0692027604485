import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.categories'

const URL = '/admin/categories'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

describe('/admin/categories', () => {
  it('refuses anonymous and viewer callers, for reading and writing', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    const fields = { intent: 'create', name: 'Sneaky', slug: 'sneaky' }
    expectSignInRedirect(await callRoute(action, post(null, URL, fields)))
    expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, fields)))
    expect(await getDb().select().from(categories)).toHaveLength(0)
  })

  it('creates a category with a success toast', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'create',
        name: 'Local News',
        slug: 'Local News',
        description: '',
      }),
    )
    expect(response.status).toBe(200)
    expect(await toastFrom(response)).toMatchObject({ title: 'Category created successfully' })
    const [row] = await getDb().select().from(categories).where(eq(categories.name, 'Local News'))
    expect(row).toMatchObject({ slug: 'local-news', description: null })
  })

  it('answers field errors for a missing name and slug', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'create', name: '  ', slug: '' }),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors).toEqual({ name: ['Name is required'], slug: ['Slug is required'] })
  })

  it('gives a clashing slug -2, -3 across the whole table', async () => {
    for (const name of ['Sport', 'Sport again', 'Sport once more']) {
      await callRoute(
        action,
        post(callers.admin.cookie, URL, { intent: 'create', name, slug: 'sport' }),
      )
    }
    const slugs = (await getDb().select().from(categories)).map((c) => c.slug)
    expect(slugs).toEqual(expect.arrayContaining(['sport', 'sport-2', 'sport-3']))
  })

  it('updates a category and keeps its own slug', async () => {
    const [row] = await getDb().select().from(categories).where(eq(categories.slug, 'sport'))
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'update',
        id: String(row.id),
        name: 'Sports',
        slug: 'sport',
        description: 'Games',
      }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Category updated successfully' })
    const [after] = await getDb().select().from(categories).where(eq(categories.id, row.id))
    expect(after).toMatchObject({ name: 'Sports', slug: 'sport', description: 'Games' })
  })

  it('deletes a category; its articles become Uncategorized', async () => {
    const [row] = await getDb().select().from(categories).where(eq(categories.slug, 'sport-2'))
    const [article] = await getDb()
      .insert(articles)
      .values({ title: 'Kept', slug: 'kept', categoryId: row.id })
      .returning()
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: String(row.id) }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Category deleted successfully' })
    const [after] = await getDb().select().from(articles).where(eq(articles.id, article.id))
    expect(after.categoryId).toBeNull()
    const list = await callRoute(loader, get(callers.admin.cookie, URL))
    const { categories: listed } = await list.json()
    expect(listed.map((c: { slug: string }) => c.slug)).not.toContain('sport-2')
  })

  it('says which category could not be updated or deleted', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: '999999' }),
    )
    expect(response.status).toBe(404)
    expect((await response.json()).toast).toMatchObject({
      title: 'Error deleting category',
      description: 'This category no longer exists',
    })
    const bad = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'update', id: '999999', name: 'X', slug: 'x' }),
    )
    expect((await bad.json()).toast).toMatchObject({ title: 'Error updating category' })
    const slugless = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'create', name: 'Emoji', slug: '🙂' }),
    )
    expect(slugless.status).toBe(400)
    expect((await slugless.json()).toast).toMatchObject({ title: 'Error creating category' })
  })
})

describe('/admin/categories when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'create', name: 'Weather', slug: 'weather' }),
      { table: 'categories' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error creating category' })
  })
})
