import Parser from 'rss-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { DEMO_STAFF } from '~/domain/seed/demo-staff'
import { seedDemoContent } from '~/domain/seed/seed.server'
import { createOrPromoteAdmin } from '~/domain/users/users.server'
import * as article from '~/routes/_site.article.$slug'
import * as categoryRss from '~/routes/category.$slug.rss[.]xml'
import * as siteRss from '~/routes/rss[.]xml'
import * as tagRss from '~/routes/tag.$slug.rss[.]xml'
import { requestAs, runRoute } from '../setup/auth-fixtures'

// Issue 42: a fresh site (`npm start`, no ADMIN_NAME) is its first admin, "admin" from
// admin@example.com, with no display name, then the demo. Its lead story read "By admin" on
// the page and in its JSON-LD, and its feeds named no author. Every byline readers get is now
// one of the demo's reporters; the operator's account signs nothing.

const STAFF_NAMES = DEMO_STAFF.map((member) => member.displayName)
const get = (url: string) => requestAs(null, url)

beforeAll(async () => {
  await createOrPromoteAdmin('admin@example.com', 'a-long-enough-password', undefined)
  expect((await seedDemoContent()).seeded).toBe(true)
}, 180_000)

type Meta = Record<string, unknown>[]
const jsonLd = (meta: Meta) =>
  meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as Record<string, unknown>

async function feedItems(
  loader: (args: never) => unknown,
  url: string,
  params: Record<string, string> = {},
) {
  const response = (await (loader as (args: unknown) => unknown)({
    request: get(url),
    params,
    context: { clientIp: null, requestId: 'x' },
  })) as Response
  expect(response.status).toBe(200)
  return (await new Parser().parseString(await response.text())).items
}

describe('a fresh site with the demo and an unnamed first admin', () => {
  it('signs every public story, live coverage included, with a reporter’s name', async () => {
    const { items } = await listPublishedArticles({ pageSize: 200 })
    let liveUpdates = 0
    expect(items.length).toBeGreaterThan(30)
    for (const { slug } of items) {
      const out = await runRoute(article.loader, get(`/article/${slug}`), { params: { slug } })
      expect(out.status, slug).toBe(200)
      const html = out.data.html as string
      const byline = /By\s*(?:<a[^>]*>)?([^<]+)/.exec(html)?.[1].trim()
      expect(STAFF_NAMES, slug).toContain(byline)
      const ld = jsonLd(out.data.meta)
      expect(ld.author, slug).toMatchObject({ '@type': 'Person', name: byline })
      // The live article's entries too (demo-live.ts): reporters, never the account.
      const updates = (ld.liveBlogUpdate ?? []) as { author?: { name: string } }[]
      for (const update of updates) expect(STAFF_NAMES, slug).toContain(update.author?.name)
      if (ld['@type'] === 'LiveBlogPosting') liveUpdates += updates.length
    }
    expect(liveUpdates).toBeGreaterThan(0)
  })

  it('names the byline in every item of the site, section and tag feeds', async () => {
    const site = await feedItems(siteRss.loader, '/rss.xml')
    expect(site).toHaveLength(30)
    expect(site.filter((item) => STAFF_NAMES.includes(item.creator ?? ''))).toHaveLength(30)

    const [category] = await listCategories()
    const section = await feedItems(categoryRss.loader, `/category/${category.slug}/rss.xml`, {
      slug: category.slug,
    })
    expect(section.length).toBeGreaterThan(0)
    expect(section.every((item) => STAFF_NAMES.includes(item.creator ?? ''))).toBe(true)

    const tag = await feedItems(tagRss.loader, '/tag/breaking-news/rss.xml', {
      slug: 'breaking-news',
    })
    expect(tag.length).toBeGreaterThan(0)
    expect(tag.every((item) => STAFF_NAMES.includes(item.creator ?? ''))).toBe(true)
  })
})
