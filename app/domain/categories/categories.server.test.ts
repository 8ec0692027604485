import { beforeEach, describe, expect, it } from 'vitest'
import { clearContent, insertArticle, insertCategory } from '../../../tests/setup/content-fixtures'
import { getDb } from '~/infra/db.server'
import { categories } from '@db/schema/index'
import { eq } from 'drizzle-orm'
import { listCategoriesWithArticleCounts, listPublicCategories } from './categories-queries.server'
import { CategoryError, createCategory, moveCategory, setCategoryShown } from './categories.server'

const names = (rows: { name: string }[]) => rows.map((row) => row.name)
const create = (name: string) =>
  createCategory({ name, slug: name.toLowerCase(), description: null })

beforeEach(clearContent)

describe('the editors’ order', () => {
  it('puts a new category last, whatever its name', async () => {
    for (const name of ['World', 'Arts', 'Money']) await create(name)
    expect(names(await listCategoriesWithArticleCounts())).toEqual(['World', 'Arts', 'Money'])
  })

  it('orders categories that share a position by name, and renumbers them on a move', async () => {
    // Categories from before the order existed all have position 0.
    for (const name of ['Sports', 'Business', 'Culture']) await insertCategory({ name })
    expect(names(await listCategoriesWithArticleCounts())).toEqual([
      'Business',
      'Culture',
      'Sports',
    ])
    const sports = (await listCategoriesWithArticleCounts())[2]
    await moveCategory(sports.id, 'up')
    const after = await listCategoriesWithArticleCounts()
    expect(names(after)).toEqual(['Business', 'Sports', 'Culture'])
    expect(after.map((c) => c.position)).toEqual([0, 1, 2])
  })

  it('moves up and down one place; at either end nothing changes', async () => {
    const a = await create('A')
    const b = await create('B')
    const c = await create('C')
    await moveCategory(a.id, 'down')
    expect(names(await listCategoriesWithArticleCounts())).toEqual(['B', 'A', 'C'])
    await moveCategory(c.id, 'up')
    await moveCategory(c.id, 'up')
    expect(names(await listCategoriesWithArticleCounts())).toEqual(['C', 'B', 'A'])
    await moveCategory(c.id, 'up')
    await moveCategory(a.id, 'down')
    expect(names(await listCategoriesWithArticleCounts())).toEqual(['C', 'B', 'A'])
    await moveCategory(b.id, 'down')
    expect(names(await listCategoriesWithArticleCounts())).toEqual(['C', 'A', 'B'])
  })

  it('refuses to move or switch a category that does not exist', async () => {
    await expect(moveCategory(999_999, 'up')).rejects.toMatchObject({
      name: 'CategoryError',
      code: 'NOT_FOUND',
    })
    await expect(setCategoryShown(999_999, 'home', false)).rejects.toBeInstanceOf(CategoryError)
  })
})

describe('what readers are shown', () => {
  it('keeps a category without a published article out of the navigation and the home page', async () => {
    const empty = await create('Empty')
    const drafts = await create('Drafts')
    const soon = await create('Soon')
    const live = await create('Live')
    await insertArticle({ categoryId: drafts.id, status: 'draft' })
    await insertArticle({ categoryId: soon.id, hoursAgo: -5 }) // scheduled, not yet public
    await insertArticle({ categoryId: live.id })
    expect(names(await listPublicCategories('navigation'))).toEqual(['Live'])
    expect(names(await listPublicCategories('home'))).toEqual(['Live'])
    await insertArticle({ categoryId: empty.id })
    expect(names(await listPublicCategories('navigation'))).toEqual(['Empty', 'Live'])
    const counts = await listCategoriesWithArticleCounts()
    expect(counts.map((c) => [c.name, c.articleCount, c.publicCount])).toEqual([
      ['Empty', 1, 1],
      ['Drafts', 1, 0],
      ['Soon', 1, 0],
      ['Live', 1, 1],
    ])
  })

  it('follows the editors’ switches for each place, and their order', async () => {
    const first = await create('First')
    const second = await create('Second')
    for (const category of [first, second]) await insertArticle({ categoryId: category.id })
    await moveCategory(second.id, 'up')
    expect(names(await listPublicCategories('home'))).toEqual(['Second', 'First'])

    await setCategoryShown(second.id, 'navigation', false)
    expect(names(await listPublicCategories('navigation'))).toEqual(['First'])
    expect(names(await listPublicCategories('home'))).toEqual(['Second', 'First'])

    await setCategoryShown(first.id, 'home', false)
    expect(names(await listPublicCategories('home'))).toEqual(['Second'])
    const [row] = await getDb().select().from(categories).where(eq(categories.id, first.id))
    expect(row).toMatchObject({ showInNavigation: true, showOnHome: false })

    await setCategoryShown(second.id, 'navigation', true)
    expect(names(await listPublicCategories('navigation'))).toEqual(['Second', 'First'])
  })
})
