import { eq, like, or, sql } from 'drizzle-orm'
import { articles, liveEntries, profiles, siteSettings, staticPages } from '@db/schema/index'
import { announceChanged, cacheKey, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { containsPattern } from './like-pattern'

/**
 * Announces the change of a stored file (its words, its focal point, or its removal) to the
 * pages that show it: the articles that have it as their picture, their social image or in their text (by its
 * address, or by its media id for an image inserted from the library) or in their live
 * coverage's entries, the static pages
 * whose text shows it, the bylines that show it, the masthead when it is the logo (every
 * page), the print editions when it is a PDF. A file no page shows changes nothing.
 */
export async function announceMediaChange(kind: 'image' | 'pdf', name: string): Promise<void> {
  if (kind === 'pdf') {
    announceChanged(['editions'])
    return
  }
  const db = getDb()
  const named = containsPattern(`/${name}`)
  // A body image is shown from a variant (`_v/<name>-1200.webp`) and names its library item
  // by id: the alt text and caption it shows are the library's (body-images.ts).
  const inBody = containsPattern(`data-media-id="${name}"`)
  const [shownIn, inLiveEntries, bylines, pages, [settings]] = await Promise.all([
    db
      .select({ id: articles.id })
      .from(articles)
      .where(
        or(
          like(articles.featuredImage, named),
          // Its og:image: the social crop follows the focal point.
          like(articles.socialImage, named),
          like(articles.content, named),
          like(articles.content, inBody),
        ),
      ),
    // A live article's entries (its live page reads them under the article's key).
    db
      .selectDistinct({ id: liveEntries.articleId })
      .from(liveEntries)
      .where(or(like(liveEntries.content, named), like(liveEntries.content, inBody))),
    db.select({ id: profiles.id }).from(profiles).where(like(profiles.image, named)),
    db
      .select({ slug: staticPages.slug })
      .from(staticPages)
      .where(like(staticPages.content, inBody)),
    db
      .select({ isLogo: sql<boolean>`coalesce(${siteSettings.logoImageUrl} like ${named}, false)` })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
  ])
  if (settings?.isLogo) {
    // The masthead shows the logo on every page.
    announceChanged([EVERYTHING])
    return
  }
  announceChanged([
    ...[...shownIn, ...inLiveEntries].map((row) => cacheKey.article(row.id)),
    ...bylines.map((row) => cacheKey.author(row.id)),
    ...pages.map((row) => cacheKey.page(row.slug)),
  ])
}
