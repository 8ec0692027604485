import { beforeAll, describe, expect, it } from 'vitest'
import { searchArticles } from '~/domain/search/search-queries.server'
import { seedDemoContent } from '~/domain/seed/seed.server'

// Issue 36: searching the demo for "ferry" showed five identical snippets, one paragraph shared
// by every Culture story. Each story now has its own text, so each result shows its own.

beforeAll(async () => {
  expect((await seedDemoContent()).seeded).toBe(true)
}, 180_000)

const snippetText = (pieces: { text: string }[]) => pieces.map((piece) => piece.text).join('')

describe('searching the demo', () => {
  it('finds "ferry" in several stories, each with a snippet of its own', async () => {
    const { results } = await searchArticles('ferry', { limit: 20 })
    expect(results.length).toBeGreaterThanOrEqual(3)
    const snippets = results.map((result) => snippetText(result.snippet))
    for (const snippet of snippets) expect(snippet.toLowerCase()).toContain('ferry')
    expect(new Set(snippets).size).toBe(snippets.length)
  })
})
