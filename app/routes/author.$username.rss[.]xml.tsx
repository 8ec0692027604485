import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { findAuthor, withBylines } from '~/domain/authors/authors-queries.server'
import { authorFeedPath, authorPath } from '~/domain/authors/byline'
import { buildRss } from '~/domain/feeds/feeds.server'
import { cachedTextResponse, feedNotFound } from './+shared/text-resource.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import type { Route } from './+types/author.$username.rss[.]xml'

/** One author's RSS feed: what their page lists, newest first. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const author = await findAuthor(params.username)
  if (!author) {
    return feedNotFound('Author not found')
  }
  const [settings, articles] = await Promise.all([
    getSiteSettings(),
    listPublishedArticles({ authorId: author.id, pageSize: 30 }),
  ])
  const brand = settings.logoText || 'Broadsheet'
  const xml = buildRss({
    siteUrl: getEnv().siteUrl,
    title: `${author.name} | ${brand}`,
    description: author.bio || `The latest articles by ${author.name} from ${brand}.`,
    path: authorPath(author.username),
    feedPath: authorFeedPath(author.username),
    // Co-written stories name all their bylines, this author among them.
    items: await withBylines(articles.items),
  })
  return cachedTextResponse(request, xml, 'application/rss+xml; charset=utf-8')
}
