import {
  adminArticleCreateSchema,
  adminArticleListQuerySchema,
} from '~/domain/admin-api/admin-api-schemas'
import { createAdminApiArticle, listAdminApiArticles } from '~/domain/admin-api/admin-api.server'
import { adminApiCall, methodNotAllowed, readJsonBody, readQuery } from './+shared/admin-api.server'
import type { Route } from './+types/api.admin.v1.articles'

/**
 * GET  /api/admin/v1/articles?status=draft|review&mine=&limit=&cursor= — unpublished work
 *      (scope drafts:read): everyone's for authors and up, else the token owner's own.
 * POST /api/admin/v1/articles — a new article (scope articles:write), 201 with it.
 * docs/admin-api.md.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return adminApiCall(request, 'drafts:read', async ({ holder, siteUrl }) => ({
    body: await listAdminApiArticles(
      holder.actor,
      readQuery(request, adminArticleListQuerySchema),
      siteUrl,
    ),
  }))
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('GET, POST')
  return adminApiCall(request, 'articles:write', async ({ holder, siteUrl }) => {
    const body = await readJsonBody(request, adminArticleCreateSchema)
    return {
      status: 201,
      body: { data: await createAdminApiArticle(holder.actor, body, siteUrl) },
    }
  })
}
