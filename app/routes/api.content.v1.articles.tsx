import {
  articleListQuerySchema,
  articleSummarySchema,
} from '~/domain/content-api/content-api-schemas'
import { listContentArticles } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer, parseQuery } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.articles'

/**
 * GET /api/content/v1/articles?category=&tag=&author=&updated_since=&limit=&cursor= — public
 * articles, newest first, a page at a time (docs/content-api.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, articleSummarySchema, (reader) =>
    listContentArticles(parseQuery(request, articleListQuerySchema), reader),
  )
}

export const action = contentApiAction
