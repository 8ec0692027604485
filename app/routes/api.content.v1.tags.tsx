import { tagWithUrlSchema } from '~/domain/content-api/content-api-schemas'
import { listContentTags } from '~/domain/content-api/content-api.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.tags'

/** GET /api/content/v1/tags (docs/content-api.md). */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, tagWithUrlSchema, async (reader) => ({
    data: await listContentTags(reader),
  }))
}

export const action = contentApiAction
