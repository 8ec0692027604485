import { adminArticleUpdateSchema } from '~/domain/admin-api/admin-api-schemas'
import { getAdminApiArticle, updateAdminApiArticle } from '~/domain/admin-api/admin-api.server'
import {
  adminApiCall,
  articleIdOf,
  methodNotAllowed,
  readJsonBody,
} from './+shared/admin-api.server'
import type { Route } from './+types/api.admin.v1.articles_.$id'

/**
 * GET   /api/admin/v1/articles/{id} — one article, for whoever may open it (scope drafts:read).
 * PATCH /api/admin/v1/articles/{id} — changes the fields the body names (scope
 *       articles:write), under the editor's rules: its role, its edit lock, its conflicts.
 * docs/admin-api.md.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return adminApiCall(request, 'drafts:read', async ({ holder, siteUrl }) => ({
    body: { data: await getAdminApiArticle(holder.actor, articleIdOf(params.id), siteUrl) },
  }))
}

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed('GET, PATCH')
  return adminApiCall(request, 'articles:write', async ({ holder, siteUrl }) => {
    const id = articleIdOf(params.id)
    const body = await readJsonBody(request, adminArticleUpdateSchema)
    return { body: { data: await updateAdminApiArticle(holder.actor, id, body, siteUrl) } }
  })
}
