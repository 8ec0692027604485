import { authorSchema } from '~/domain/content-api/content-api-schemas'
import { listContentAuthors } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.authors'

/** GET /api/content/v1/authors (docs/content-api.md). */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, authorSchema, async (reader) => ({
    data: await listContentAuthors(reader),
  }))
}

export const action = contentApiAction
