import { beforeEach, describe, expect, it } from 'vitest'
import { clearContent, insertArticle, insertCategory } from '../../../tests/setup/content-fixtures'
import { searchArticles } from './search-queries.server'

beforeEach(clearContent)

describe('searchArticles', () => {
  it('ranks a title match above an excerpt match above a body match', async () => {
    await insertArticle({
      title: 'City budget news',
      excerpt: 'Money matters',
      content: '<p>The harbour lighthouse will be repainted.</p>',
      hoursAgo: 1,
    })
    await insertArticle({
      title: 'Weekend events',
      excerpt: 'A lighthouse tour opens',
      content: '<p>Nothing else.</p>',
      hoursAgo: 2,
    })
    await insertArticle({
      title: 'Lighthouse restored',
      excerpt: 'Volunteers finish',
      content: '<p>Paint and glass.</p>',
      hoursAgo: 3,
    })
    const { results, total } = await searchArticles('lighthouse')
    expect(results.map((r) => r.title)).toEqual([
      'Lighthouse restored',
      'Weekend events',
      'City budget news',
    ])
    expect(total).toBe(3)
  })

  it('matches the last word as a prefix while typing, and stems whole words', async () => {
    await insertArticle({ title: 'Council sends transit levy to the ballot' })
    await insertArticle({ title: 'Something else entirely' })
    expect((await searchArticles('transit lev')).results.map((r) => r.title)).toEqual([
      'Council sends transit levy to the ballot',
    ])
    expect((await searchArticles('ball')).results).toHaveLength(1)
    expect((await searchArticles('ballots')).results).toHaveLength(1)
  })

  it('searches published articles only', async () => {
    await insertArticle({ title: 'Harbour open', status: 'published' })
    for (const status of ['draft', 'review', 'archived', 'hidden'] as const) {
      await insertArticle({ title: `Harbour ${status}`, status })
    }
    await insertArticle({ title: 'Harbour scheduled', hoursAgo: -3 })
    const { results } = await searchArticles('harbour')
    expect(results.map((r) => r.title)).toEqual(['Harbour open'])
  })

  it('gives category and author name for each result, and pages with a total', async () => {
    const category = await insertCategory({ name: 'Sports' })
    for (let i = 0; i < 3; i++)
      await insertArticle({ title: `Mariners win game ${i}`, categoryId: category.id })
    await insertArticle({ title: 'Mariners uncategorised' })
    const first = await searchArticles('mariners', { limit: 2 })
    const rest = await searchArticles('mariners', { limit: 2, offset: 2 })
    expect(first.total).toBe(4)
    expect(first.results).toHaveLength(2)
    expect(rest.results).toHaveLength(2)
    const names = [...first.results, ...rest.results].map((r) => r.categoryName)
    expect(names.filter((n) => n === 'Sports')).toHaveLength(3)
    expect(names).toContain(null)
    expect(first.results[0]).toHaveProperty('authorUsername', null)
  })

  it('answers nothing for a blank query, without touching the database', async () => {
    await insertArticle({ title: 'Anything' })
    expect(await searchArticles('   ')).toEqual({ results: [], total: 0 })
  })

  it('treats search syntax and odd characters as text, never as an error', async () => {
    await insertArticle({ title: 'Rock & roll hall opens' })
    for (const query of ['rock & roll', ':*', "'", '!(', 'a | b', '"unterminated', '-', 'the']) {
      await expect(searchArticles(query), query).resolves.toBeDefined()
    }
    expect((await searchArticles('rock & roll')).results).toHaveLength(1)
    expect((await searchArticles('rock -roll')).results).toHaveLength(0)
  })
})
