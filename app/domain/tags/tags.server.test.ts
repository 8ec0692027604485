import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTag, deleteTag, findOrCreateTag, TagError, updateTag } from './tags.server'

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (e: unknown) => e,
  )
}

describe('findOrCreateTag', () => {
  it('returns the existing tag ignoring case and surrounding spaces', async () => {
    const db = getDb()
    const [made] = await db
      .insert(tags)
      .values({ name: 'Elections', slug: 'elections' })
      .returning()
    const found = await db.transaction((tx) => findOrCreateTag(tx, '  ELECTIONS '))
    expect(found.id).toBe(made.id)
  })

  it('creates a new tag with the next free slug, by the same rule as the Tags screen', async () => {
    await createTag({ name: 'Budget' })
    const created = await getDb().transaction((tx) => findOrCreateTag(tx, 'Budget!'))
    expect(created).toMatchObject({ name: 'Budget!', slug: 'budget-2' })
  })

  it('refuses a name with no letters or numbers instead of inventing a slug', async () => {
    const error = await refusal(getDb().transaction((tx) => findOrCreateTag(tx, '!!!')))
    expect(error).toBeInstanceOf(TagError)
    expect(error).toMatchObject({
      code: 'INVALID_NAME',
      status: 400,
      message: 'Name must contain letters or numbers',
    })
    expect(await getDb().select().from(tags).where(eq(tags.name, '!!!'))).toEqual([])
  })
})

describe('Tags screen writes', () => {
  it('refuses the same names as the article form', async () => {
    expect(await refusal(createTag({ name: '🙂' }))).toMatchObject({ code: 'INVALID_NAME' })
  })

  it('answers NOT_FOUND (404) for a tag that is gone', async () => {
    expect(await refusal(updateTag(424242, { name: 'X' }))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    })
    expect(await refusal(deleteTag(424242))).toMatchObject({ code: 'NOT_FOUND', status: 404 })
  })
})
