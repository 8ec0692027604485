import { editionSchema } from '~/domain/content-api/content-api-schemas'
import { getContentEdition } from '~/domain/content-api/content-api-editions.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.editions_.$slug'

/** GET /api/content/v1/editions/{slug} — one print edition with its page texts. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return contentApiAnswer(request, editionSchema, async (reader) => ({
    data: await getContentEdition(params.slug, reader),
  }))
}

export const action = contentApiAction
