import { contentApiDocument } from '~/domain/content-api/openapi'
import { getEnv } from '~/infra/env.server'

/**
 * GET /api/content/v1/openapi.json — the Content API's OpenAPI 3.1 document, generated from the
 * schemas that validate its answers. Public (no key): it describes, it gives no content.
 */
export function loader() {
  return Response.json(contentApiDocument(getEnv().siteUrl), {
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'public, max-age=300, s-maxage=3600',
    },
  })
}
