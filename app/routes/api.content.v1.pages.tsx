import { pageSchema } from '~/domain/content-api/content-api-schemas'
import { listContentPages } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.pages'

/** GET /api/content/v1/pages (docs/content-api.md). */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, pageSchema, async (reader) => ({
    data: await listContentPages(reader),
  }))
}

export const action = contentApiAction
