import { uploadAdminApiImage } from '~/domain/admin-api/admin-api.server'
import { adminApiCall, methodNotAllowed } from './+shared/admin-api.server'
import type { Route } from './+types/api.admin.v1.media'

/**
 * POST /api/admin/v1/media — one image (multipart/form-data, one file part) into the media
 * library, with the library's limits and checks (scope media:upload); 201 with its path.
 * docs/admin-api.md.
 */
export function loader() {
  return methodNotAllowed('POST')
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  return adminApiCall(request, 'media:upload', async ({ holder }) => ({
    status: 201,
    body: { data: await uploadAdminApiImage(holder.actor, request) },
  }))
}
