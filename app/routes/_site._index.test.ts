import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories } from '@db/schema/index'
import { FRONT_PAGE_SIZES } from '~/domain/front-page/front-page'
import { moveCategory, setCategoryShown } from '~/domain/categories/categories.server'
import { seedBenchmarkArticles, seedDemoContent } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { getRootData } from '~/routes/+shared/root-data.server'
import { requestAs, runRoute } from '../../tests/setup/auth-fixtures'
import { insertArticle, insertCategory, insertViews } from '../../tests/setup/content-fixtures'
import { loader } from './_site._index'

// The home page over the demo content plus 100 generated articles: a story appears once per
// page, in page order (lead, trending, sections), and only categories readers can open show.

interface Card {
  id: number
}
interface Home {
  featured: Card | null
  trending: Card[]
  sections: { id: number; name: string; slug: string; articles: Card[] }[]
}

async function home(): Promise<Home> {
  const out = await runRoute(loader, requestAs(null, '/'))
  expect(out.status).toBe(200)
  // Below the lead the page arrives drawn (home-page.server.ts): its stories read from the HTML.
  const { featured, sectionsHtml } = out.data as { featured: Card | null; sectionsHtml: string }
  const parts = sectionsHtml.split('<section aria-labelledby="').slice(1)
  const slugsOf = (part: string) => [
    ...new Set([...part.matchAll(/href="\/article\/([^"]+)"/g)].map((m) => m[1]!)),
  ]
  const slugs = parts.flatMap(slugsOf)
  const rows = slugs.length
    ? await getDb()
        .select({ id: articles.id, slug: articles.slug })
        .from(articles)
        .where(inArray(articles.slug, slugs))
    : []
  const idOf = new Map(rows.map((row) => [row.slug, row.id]))
  const cards = (part: string) => slugsOf(part).map((slug) => ({ id: idOf.get(slug)! }))
  return {
    featured,
    trending: parts.filter((part) => part.startsWith('trending-heading')).flatMap(cards),
    sections: parts.flatMap((part) => {
      const section =
        /^category-(\d+)-heading"[^]*?<h2 [^>]*>([^<]*)<\/h2>[^]*?href="\/category\/([^"]+)"/.exec(
          part,
        )
      if (!section) return []
      return [
        {
          id: Number(section[1]),
          name: section[2]!.replace(/&amp;/g, '&'),
          slug: section[3]!,
          articles: cards(part),
        },
      ]
    }),
  }
}

function shownIds(page: Home) {
  return [
    ...(page.featured ? [page.featured.id] : []),
    ...page.trending.map((a) => a.id),
    ...page.sections.flatMap((s) => s.articles.map((a) => a.id)),
  ]
}

const navigation = async () =>
  (await getRootData(requestAs(null, '/'))).categories.map((c) => c.name)

beforeAll(async () => {
  expect(await seedDemoContent()).toMatchObject({ seeded: true })
  expect(await seedBenchmarkArticles(100)).toEqual({ inserted: 100 })
}, 120_000)

describe('the front page', () => {
  it('shows no story twice across the lead, trending and every section', async () => {
    const page = await home()
    const ids = shownIds(page)
    expect(page.featured).not.toBeNull()
    expect(page.trending).toHaveLength(FRONT_PAGE_SIZES.trending)
    expect(page.sections.length).toBeGreaterThan(3)
    for (const section of page.sections) {
      expect(section.articles).toHaveLength(FRONT_PAGE_SIZES.section)
    }
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('still shows no story twice when the most-read stories are the sections’ newest', async () => {
    // Reads on the lead and on the newest story of every category: trending takes them, the
    // sections fill up from their next stories.
    const before = await home()
    const popular = [before.featured!.id, ...before.sections.map((s) => s.articles[0].id)]
    for (const [i, id] of popular.entries()) await insertViews(id, 100 - i)
    const page = await home()
    const ids = shownIds(page)
    expect(new Set(ids).size).toBe(ids.length)
    expect(page.trending.map((a) => a.id)).toEqual(popular.slice(1, 1 + FRONT_PAGE_SIZES.trending))
    for (const section of page.sections) {
      expect(section.articles).toHaveLength(FRONT_PAGE_SIZES.section)
    }
  })

  it('leaves out a section whose stories are all shown above it', async () => {
    const lonely = await insertCategory({ name: 'Lonely' })
    const only = await insertArticle({ categoryId: lonely.id, isFeatured: true, hoursAgo: 0 })
    const page = await home()
    expect(page.featured!.id).toBe(only.id)
    expect(page.sections.map((s) => s.name)).not.toContain('Lonely')
    expect(await navigation()).toContain('Lonely')
    await getDb().delete(articles).where(eq(articles.id, only.id))
    await getDb().delete(categories).where(eq(categories.id, lonely.id))
  })

  it('keeps an empty category out of the navigation and the home page until it has a published article', async () => {
    const fresh = await insertCategory({ name: 'Harbour' })
    await insertArticle({ categoryId: fresh.id, status: 'draft' })
    expect((await home()).sections.map((s) => s.name)).not.toContain('Harbour')
    expect(await navigation()).not.toContain('Harbour')

    await insertArticle({ categoryId: fresh.id, title: 'Harbour reopens', hoursAgo: 0.5 })
    expect((await home()).sections.map((s) => s.name)).toContain('Harbour')
    expect(await navigation()).toContain('Harbour')
  })

  it('follows the editors’ order and their choice of places', async () => {
    const before = await home()
    const last = before.sections[before.sections.length - 1]
    for (let i = 0; i < before.sections.length - 1; i++) await moveCategory(last.id, 'up')
    const moved = await home()
    expect(moved.sections[0].name).toBe(last.name)
    expect((await navigation())[0]).toBe(last.name)

    await setCategoryShown(last.id, 'home', false)
    const page = await home()
    expect(page.sections.map((s) => s.name)).not.toContain(last.name)
    expect(await navigation()).toContain(last.name)
    const ids = shownIds(page)
    expect(new Set(ids).size).toBe(ids.length)

    await setCategoryShown(last.id, 'navigation', false)
    expect(await navigation()).not.toContain(last.name)
  })
})
