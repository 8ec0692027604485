import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { clearContent, insertArticle, insertCategory } from '../../../tests/setup/content-fixtures'
import {
  chooseSearchPlan,
  findRankedIds,
  searchArticles,
  searchTsQuery,
} from './search-queries.server'
import { SEARCH_MAX_RESULTS } from './search-schema'

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
    expect(await searchArticles('   ')).toEqual({ results: [], total: 0, more: false })
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

describe('searchArticles and gated stories (issue 38)', () => {
  const gates = {
    everyone: { access: 'everyone' },
    registered: { access: 'registered' },
    members: { access: 'members' },
    'free for now': { access: 'members', freeForNow: true },
  } as const

  beforeEach(async () => {
    for (const [name, gate] of Object.entries(gates)) {
      const row = await insertArticle({
        title: `Walrus ${name} story`,
        excerpt: 'The walrus standfirst',
        content: '<p>Opening.</p><p>Second.</p><p>Third.</p><p>The narwhal verdict.</p>',
      })
      await getDb().update(articles).set(gate).where(eq(articles.id, row.id))
    }
  })

  it('finds every story by its title and standfirst', async () => {
    const { results } = await searchArticles('walrus')
    expect(results.map((r) => r.title).sort()).toEqual([
      'Walrus everyone story',
      'Walrus free for now story',
      'Walrus members story',
      'Walrus registered story',
    ])
  })

  it('finds a gated story by no word of its body, whichever way in, and quotes none', async () => {
    const titles = (await searchArticles('narwhal verdict')).results.map((r) => r.title).sort()
    expect(titles).toEqual(['Walrus everyone story', 'Walrus free for now story'])
    for (const plan of ['walk', 'index'] as const) {
      expect(await findRankedIds(searchTsQuery('narwhal'), plan), plan).toHaveLength(2)
    }
    for (const result of (await searchArticles('walrus')).results) {
      const text = result.snippet.map((piece) => piece.text).join('')
      expect(text.includes('narwhal'), result.title).toBe(
        !/registered|members story/.test(result.title),
      )
    }
  })
})

describe('searchArticles at scale', () => {
  it('ranks alike whichever way it finds the matches (newest first, or from the index)', async () => {
    const titles = ['Harbour budget', 'Weekend harbour walk', 'Harbour restored', 'Old news']
    for (const [i, title] of titles.entries()) {
      await insertArticle({
        title,
        excerpt: i === 3 ? 'The harbour, again' : 'Nothing',
        content: `<p>${'harbour '.repeat(i + 1)}</p>`,
        hoursAgo: i + 1,
      })
    }
    await insertArticle({ title: 'Unrelated' })
    for (const query of ['harbour', 'harb', 'harbour budget', 'weekend harb']) {
      const tsQuery = searchTsQuery(query)
      const walked = await findRankedIds(tsQuery, 'walk')
      expect(walked.length, query).toBeGreaterThan(0)
      expect(await findRankedIds(tsQuery, 'index'), query).toEqual(walked)
      expect(await findRankedIds(tsQuery), query).toEqual(walked)
    }
  })

  it(`ranks the newest ${SEARCH_MAX_RESULTS} matches and says there are more`, async () => {
    const now = Date.now()
    // The oldest mentions the word in its title: outside the newest it is not ranked.
    const rows = Array.from({ length: SEARCH_MAX_RESULTS + 3 }, (_, i) => ({
      title: i === SEARCH_MAX_RESULTS + 2 ? 'Ferry title' : `Story ${i}`,
      slug: `scale-story-${i}`,
      excerpt: '',
      content: '<p>The ferry runs.</p>',
      status: 'published' as const,
      publishedAt: new Date(now - (i + 1) * 60_000),
    }))
    await getDb().insert(articles).values(rows)
    await getDb().execute(sql`analyze articles`)
    const first = await searchArticles('ferry', { limit: 3 })
    expect(first).toMatchObject({ total: SEARCH_MAX_RESULTS, more: true })
    expect(first.results.map((r) => r.title)).toEqual(['Story 0', 'Story 1', 'Story 2'])
    const last = await searchArticles('ferry', { limit: 10, offset: SEARCH_MAX_RESULTS - 1 })
    expect(last.results.map((r) => r.title)).toEqual([`Story ${SEARCH_MAX_RESULTS - 1}`])
    expect((await searchArticles('ferry', { offset: SEARCH_MAX_RESULTS })).results).toEqual([])
    expect(await searchArticles('ferry title')).toMatchObject({ total: 1, more: false })
  })
})

describe('chooseSearchPlan', () => {
  it('walks the newest articles for a common word, and reads the index for a rare one', () => {
    expect(chooseSearchPlan({ matching: 58_000, total: 100_000 }, 201)).toEqual({
      plan: 'walk',
      rows: 694,
    })
    expect(chooseSearchPlan({ matching: 500, total: 100_000 }, 201)).toEqual({ plan: 'index' })
    // A small site: every match from the index costs less than any walk.
    expect(chooseSearchPlan({ matching: 900, total: 1_000 }, 201)).toEqual({ plan: 'index' })
    // No statistics yet.
    expect(chooseSearchPlan({ matching: 0, total: 0 }, 201)).toEqual({ plan: 'index' })
    expect(chooseSearchPlan({ matching: NaN, total: 100 }, 201)).toEqual({ plan: 'index' })
  })
})

describe('why a result matched', () => {
  it('marks the query’s words in a passage of the body, as text pieces', async () => {
    await insertArticle({
      title: 'Council meets',
      excerpt: 'An evening session',
      content:
        '<p>Members argued for an hour.</p><p>The new <strong>ferry</strong> timetable starts in May.</p>',
    })
    const [result] = (await searchArticles('ferry')).results
    const marked = result.snippet.filter((piece) => piece.match).map((piece) => piece.text)
    expect(marked).toEqual(['ferry'])
    expect(result.snippet.map((piece) => piece.text).join('')).toContain('ferry timetable')
    // Markup never reaches the pieces.
    expect(result.snippet.map((piece) => piece.text).join('')).not.toContain('<')
  })

  it('keeps angle brackets and entities of the text as text, never as markup', async () => {
    await insertArticle({
      title: 'Tags in text',
      excerpt: 'About <script>alert(1)</script> and the harbour',
      content: '<p>Fish &amp; chips &lt;img src=x onerror=alert(1)&gt; by the harbour.</p>',
    })
    const [result] = (await searchArticles('harbour')).results
    const text = result.snippet.map((piece) => piece.text).join('')
    expect(result.snippet.some((piece) => piece.match && piece.text === 'harbour')).toBe(true)
    expect(text).toContain('Fish & chips')
    // As text pieces, React escapes these when it draws them; no HTML string is ever built.
    expect(text).toContain('<img src=x onerror=alert(1)>')
  })

  it('has no snippet when only the title matches', async () => {
    await insertArticle({ title: 'Lighthouse', excerpt: 'Paint', content: '<p>Glass.</p>' })
    const [result] = (await searchArticles('lighthouse')).results
    expect(result.snippet).toEqual([])
  })
})
