import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
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

describe('/admin/categories: the order and where a category shows', () => {
  const slugsInOrder = async (cookie: string) => {
    const list = await callRoute(loader, get(cookie, URL))
    return ((await list.json()).categories as { slug: string }[]).map((c) => c.slug)
  }
  const idOf = async (slug: string) =>
    (await getDb().select().from(categories).where(eq(categories.slug, slug)))[0].id

  it('lets an editor move a category and switch its places, quietly', async () => {
    const editor = await createTestUser({ role: 'editor' })
    const cookie = await sessionCookie(editor)
    for (const name of ['Arts', 'Books']) {
      await callRoute(action, post(cookie, URL, { intent: 'create', name, slug: name }))
    }
    const before = await slugsInOrder(cookie)
    expect(before.slice(-2)).toEqual(['arts', 'books'])

    const moved = await callRoute(
      action,
      post(cookie, URL, { intent: 'move', id: String(await idOf('books')), direction: 'up' }),
    )
    expect(moved.status).toBe(200)
    expect(await moved.json()).toEqual({ ok: true })
    expect((await slugsInOrder(cookie)).slice(-2)).toEqual(['books', 'arts'])

    const hidden = await callRoute(
      action,
      post(cookie, URL, {
        intent: 'show',
        id: String(await idOf('arts')),
        place: 'navigation',
        shown: 'false',
      }),
    )
    expect(hidden.status).toBe(200)
    const [arts] = await getDb().select().from(categories).where(eq(categories.slug, 'arts'))
    expect(arts).toMatchObject({ showInNavigation: false, showOnHome: true })
  })

  it('refuses the same posts from staff who may not manage categories, and from readers', async () => {
    const id = String(await idOf('arts'))
    const author = await createTestUser({ role: 'author' })
    const contributor = await createTestUser({ role: 'contributor' })
    const posts: Record<string, string>[] = [
      { intent: 'move', id, direction: 'up' },
      { intent: 'show', id, place: 'home', shown: 'false' },
    ]
    for (const fields of posts) {
      for (const user of [author, contributor]) {
        // Staff are refused with 403 "Access Denied" (thrown as data, not a redirect).
        const refused = await callRoute(action, post(await sessionCookie(user), URL, fields)).then(
          (response) => ({ init: { status: response.status } }),
          (thrown: unknown) => thrown,
        )
        expect(refused).toMatchObject({ init: { status: 403 } })
      }
      expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, fields)))
      expectSignInRedirect(await callRoute(action, post(null, URL, fields)))
    }
    const [arts] = await getDb().select().from(categories).where(eq(categories.slug, 'arts'))
    expect(arts.showOnHome).toBe(true)
  })

  it('sets a category’s default access, keeps it when the dialog posts none, refuses others', async () => {
    const created = await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'create',
        name: 'Opinion',
        slug: 'opinion',
        defaultAccess: 'members',
      }),
    )
    expect(created.status).toBe(200)
    const id = await idOf('opinion')
    const accessOf = async () =>
      (await getDb().select().from(categories).where(eq(categories.id, id)))[0].defaultAccess
    expect(await accessOf()).toBe('members')
    await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'update',
        id: String(id),
        name: 'Opinion',
        slug: 'opinion',
      }),
    )
    expect(await accessOf()).toBe('members')
    await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'update',
        id: String(id),
        name: 'Opinion',
        slug: 'opinion',
        defaultAccess: 'registered',
      }),
    )
    expect(await accessOf()).toBe('registered')
    const bad = await callRoute(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'update',
        id: String(id),
        name: 'Opinion',
        slug: 'opinion',
        defaultAccess: 'paid',
      }),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors.defaultAccess).toEqual([
      'Choose who may read its new articles',
    ])
    expect(await accessOf()).toBe('registered')
    // A new category without a choice is for everyone.
    expect(
      (await getDb().select().from(categories).where(eq(categories.slug, 'arts')))[0],
    ).toMatchObject({ defaultAccess: 'everyone' })
  })

  it('answers 400 for a bad direction, place or value, 404 for an unknown category', async () => {
    const id = String(await idOf('arts'))
    const bad: Record<string, string>[] = [
      { intent: 'move', id, direction: 'sideways' },
      { intent: 'move', id },
      { intent: 'show', id, place: 'footer', shown: 'true' },
      { intent: 'show', id, place: 'home', shown: 'yes' },
      { intent: 'move', id: 'abc', direction: 'up' },
    ]
    for (const fields of bad) {
      const response = await callRoute(action, post(callers.admin.cookie, URL, fields))
      expect(response.status).toBe(400)
    }
    const unknown = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'move', id: '999999', direction: 'up' }),
    )
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).toast).toMatchObject({
      title: 'Error moving category',
      description: 'This category no longer exists',
    })
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

  it('answers 500 to a move or a switch, too', async () => {
    const [row] = await getDb().select().from(categories).limit(1)
    const moved = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'move', id: String(row.id), direction: 'up' }),
      { table: 'categories' },
    )
    expect(moved.toast).toMatchObject({ type: 'error', title: 'Error moving category' })
    const shown = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'show',
        id: String(row.id),
        place: 'home',
        shown: 'false',
      }),
      { table: 'categories' },
    )
    expect(shown.toast).toMatchObject({ type: 'error', title: 'Error updating category' })
  })
})
