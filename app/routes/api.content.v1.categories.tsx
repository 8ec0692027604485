import { categorySchema } from '~/domain/content-api/content-api-schemas'
import { listContentCategories } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.categories'

/** GET /api/content/v1/categories (docs/content-api.md). */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, categorySchema, async (reader) => ({
    data: await listContentCategories(reader),
  }))
}

export const action = contentApiAction
