import { staticPages } from '@db/schema/index'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { sanitizePageHtml } from '~/infra/sanitize.server'
import type { StaticPageValues } from './pages-schema'
import type { StaticPageSlug } from './static-pages'

/** Saves one of the four static pages; its HTML is sanitised like an article body. */
export async function saveStaticPage(slug: StaticPageSlug, values: StaticPageValues) {
  const row = {
    title: values.title,
    content: sanitizePageHtml(values.content),
    updatedAt: new Date(),
  }
  const [saved] = await getDb()
    .insert(staticPages)
    .values({ slug, ...row })
    .onConflictDoUpdate({ target: staticPages.slug, set: row })
    .returning()
  // The page itself; the about page's first paragraph is also every page's footer.
  announceChanged([cacheKey.page(slug)])
  return saved
}
