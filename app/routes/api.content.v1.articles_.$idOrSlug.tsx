import { articleSchema } from '~/domain/content-api/content-api-schemas'
import { getContentArticle } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.articles_.$idOrSlug'

/** GET /api/content/v1/articles/{id or slug} — one public article (docs/content-api.md). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return contentApiAnswer(request, articleSchema, async (reader) => ({
    data: await getContentArticle(params.idOrSlug, reader),
  }))
}

export const action = contentApiAction
