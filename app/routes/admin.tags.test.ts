import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectUnexpectedFailure,
  expectSignInRedirect,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.tags'

const URL = '/admin/tags'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

const create = (name: string) =>
  callRoute(action, post(callers.admin.cookie, URL, { intent: 'create', name }))

describe('/admin/tags', () => {
  it('refuses anonymous and viewer callers', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expectSignInRedirect(await callRoute(action, post(null, URL, { intent: 'create', name: 'x' })))
    expectHomeRedirect(
      await callRoute(action, post(callers.viewer.cookie, URL, { intent: 'create', name: 'x' })),
    )
    expect(await getDb().select().from(tags)).toHaveLength(0)
  })

  it('creates tags with unique slugs -2, -3 checked against the whole table', async () => {
    const first = await create('Climate Change')
    expect(await toastFrom(first)).toMatchObject({
      title: 'Success',
      description: 'Tag created successfully',
    })
    // Twelve other tags first: the original product's rule only looked at the 10 newest.
    for (let i = 0; i < 12; i++) await create(`Filler ${i}`)
    await create('climate change')
    await create('Climate-Change!')
    const slugs = (await getDb().select().from(tags)).map((t) => t.slug)
    expect(slugs).toEqual(
      expect.arrayContaining(['climate-change', 'climate-change-2', 'climate-change-3']),
    )
  })

  it("answers 'Name is required' for a blank name", async () => {
    const response = await create('   ')
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({ name: ['Name is required'] })
  })

  it('renames a tag (new slug when the name changes) and deletes it', async () => {
    const [tag] = await getDb().select().from(tags).where(eq(tags.slug, 'climate-change-3'))
    const renamed = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'update', id: String(tag.id), name: 'Weather' }),
    )
    expect(await toastFrom(renamed)).toMatchObject({ description: 'Tag updated successfully' })
    const [after] = await getDb().select().from(tags).where(eq(tags.id, tag.id))
    expect(after).toMatchObject({ name: 'Weather', slug: 'weather' })
    const removed = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: String(tag.id) }),
    )
    expect(await toastFrom(removed)).toMatchObject({ description: 'Tag deleted successfully' })
    expect(await getDb().select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(0)
  })

  it('refuses a name with no letters or numbers, as the article form does', async () => {
    const response = await create('!!!')
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({
      name: ['Name must contain letters or numbers'],
    })
    expect(await getDb().select().from(tags).where(eq(tags.name, '!!!'))).toHaveLength(0)
  })

  it("answers 'Failed to delete tag' for a tag that is gone", async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: '424242' }),
    )
    expect(response.status).toBe(404)
    expect((await response.json()).toast).toMatchObject({
      title: 'Error',
      description: 'Failed to delete tag',
    })
  })

  it('lists every tag for admins', async () => {
    const response = await callRoute(loader, get(callers.admin.cookie, URL))
    const names = (await response.json()).tags.map((t: { name: string }) => t.name)
    expect(names).toHaveLength(14)
    expect(names).toContain('Climate Change')
  })
})

describe('/admin/tags when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'create', name: 'Weather' }),
      { table: 'tags' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error' })
  })
})
