import { adminApiDocument } from '~/domain/admin-api/openapi'
import { getEnv } from '~/infra/env.server'

/**
 * GET /api/admin/v1/openapi.json — the Admin API's OpenAPI 3.1 document, generated from the
 * schemas that read its bodies and validate its answers. Public: it describes, it opens nothing.
 */
export function loader() {
  return Response.json(adminApiDocument(getEnv().siteUrl), {
    headers: { 'Cache-Control': 'public, max-age=300' },
  })
}
