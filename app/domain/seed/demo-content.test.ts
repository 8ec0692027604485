import { describe, expect, it } from 'vitest'
import { DEMO_BODIES, DEMO_STORY_MIN_WORDS } from './demo-bodies'
import { approximateBodySize, buildArticleBody, DEMO_ARTICLES } from './demo-content'

// Issue 36: the demo's stories shared paragraphs drawn from one pool per category, so a search
// for "ferry" showed five identical snippets. Every story now has its own text.

const paragraphsOf = (html: string) =>
  [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map(([, text]) => text.trim())

describe('demo stories', () => {
  it('each has its own written body, and no body is written for a story that does not exist', () => {
    const titles = DEMO_ARTICLES.map((article) => article.title)
    expect(titles.filter((title) => !DEMO_BODIES[title])).toEqual([])
    expect(Object.keys(DEMO_BODIES).filter((title) => !titles.includes(title))).toEqual([])
  })

  it('share no paragraph: every paragraph belongs to one story', () => {
    const owners = new Map<string, string[]>()
    for (const article of DEMO_ARTICLES) {
      for (const paragraph of paragraphsOf(buildArticleBody(article))) {
        owners.set(paragraph, [...(owners.get(paragraph) ?? []), article.title])
      }
    }
    const shared = [...owners].filter(([, titles]) => titles.length > 1)
    expect(shared).toEqual([])
    expect(owners.size).toBeGreaterThanOrEqual(DEMO_ARTICLES.length * 4)
  })

  it('reads as a story: paragraphs under at least one heading, every line of it printed', () => {
    for (const article of DEMO_ARTICLES) {
      const body = buildArticleBody(article)
      expect(body, article.title).toMatch(/<h2>[^<]+<\/h2>/)
      expect(body.split('\n')).toHaveLength(DEMO_BODIES[article.title].length)
      expect(approximateBodySize(body), article.title).toBeGreaterThanOrEqual(DEMO_STORY_MIN_WORDS)
      // The standfirst is printed above the body: the body does not repeat it.
      expect(paragraphsOf(body), article.title).not.toContain(article.excerpt)
    }
  })
})
