import { editionSummarySchema, pageQuerySchema } from '~/domain/content-api/content-api-schemas'
import { listContentEditions } from '~/domain/content-api/content-api-editions.server'
import { contentApiAction, contentApiAnswer, parseQuery } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.editions'

/** GET /api/content/v1/editions?limit=&cursor= — the print editions, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, editionSummarySchema, (reader) =>
    listContentEditions(parseQuery(request, pageQuerySchema), reader),
  )
}

export const action = contentApiAction
