import { siteSchema } from '~/domain/content-api/content-api-schemas'
import { getContentSite } from '~/domain/content-api/content-api-site.server'
import { contentApiAction, contentApiAnswer } from './+shared/content-api.server'
import type { Route } from './+types/api.content.v1.site'

/** GET /api/content/v1/site — what the site says of itself on every page. */
export async function loader({ request }: Route.LoaderArgs) {
  return contentApiAnswer(request, siteSchema, async (reader) => ({
    data: await getContentSite(reader),
  }))
}

export const action = contentApiAction
