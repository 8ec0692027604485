import { z } from 'zod'
import type { MediaKind } from '~/domain/media/media-schema'
import { tooLargeMessage, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { deleteMedia, listMedia, MediaError, storeUpload } from '~/domain/media/media.server'
import { receiveSingleFile, UploadError } from '~/domain/media/receive-upload.server'
import { logger } from '~/infra/logger.server'
import { requireAdminApi } from '~/infra/permissions.server'
import type { Route } from './+types/admin.api.media'

/*
 * The media endpoint behind MediaPicker and the settings uploads (admin only):
 *   GET    ?kind=image|pdf                 → { items: MediaItem[] }
 *   POST   ?kind=image|pdf|font  (one-file multipart body, read as a stream) → { item }
 *   DELETE ?kind=image|pdf&name=…          → { ok: true }
 * Failures answer { error: toast title, message: toast text } with a 4xx status.
 */

const listKind = z.enum(['image', 'pdf'])
const uploadKind = z.enum(['image', 'pdf', 'font'])

const NO_STORE = { 'Cache-Control': 'private, no-store' }

function failure(status: number, error: string, message: string) {
  return Response.json({ error, message }, { status, headers: NO_STORE })
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request)
  const kind = listKind.safeParse(new URL(request.url).searchParams.get('kind') ?? 'image')
  if (!kind.success) return failure(400, 'Error', 'Unknown kind of media')
  return Response.json({ items: await listMedia(kind.data) }, { headers: NO_STORE })
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminApi(request)
  const params = new URL(request.url).searchParams
  if (request.method === 'DELETE') {
    const kind = listKind.safeParse(params.get('kind'))
    const name = params.get('name')
    if (!kind.success || !name) return failure(400, 'Delete failed', 'There is no such file.')
    try {
      await deleteMedia(kind.data, name)
      return Response.json({ ok: true }, { headers: NO_STORE })
    } catch (error) {
      if (error instanceof MediaError) return failure(404, error.title, error.message)
      logger.error({ err: error }, 'media delete failed')
      return failure(500, 'Delete failed', 'Something went wrong. Please try again.')
    }
  }
  if (request.method !== 'POST') return failure(405, 'Error', 'Method not allowed')
  const parsedKind = uploadKind.safeParse(params.get('kind'))
  if (!parsedKind.success) return failure(400, 'Upload failed', 'Unknown kind of media')
  const kind: MediaKind = parsedKind.data
  let file
  try {
    file = await receiveSingleFile(request, UPLOAD_LIMITS[kind])
  } catch (error) {
    if (error instanceof UploadError) {
      if (error.code === 'TOO_LARGE') return failure(413, 'Upload failed', tooLargeMessage(kind))
      return failure(400, 'Upload failed', error.message)
    }
    logger.error({ err: error }, 'upload could not be received')
    return failure(500, 'Upload failed', 'Something went wrong. Please try again.')
  }
  try {
    const item = await storeUpload(kind, file)
    return Response.json({ item }, { status: 201, headers: NO_STORE })
  } catch (error) {
    if (error instanceof MediaError) {
      return failure(error.code === 'TOO_LARGE' ? 413 : 415, error.title, error.message)
    }
    logger.error({ err: error }, 'upload could not be stored')
    return failure(500, 'Upload failed', 'Something went wrong. Please try again.')
  } finally {
    await file.discard()
  }
}
