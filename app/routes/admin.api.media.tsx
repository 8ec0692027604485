import { DomainError } from '~/domain/domain-error'
import {
  INVALID_FILE_TYPE,
  mediaDeleteSchema,
  mediaListKindSchema,
  mediaSearchSchema,
  tooLargeMessage,
  UPLOAD_LIMITS,
  uploadKindSchema,
} from '~/domain/media/media-schema'
import { deleteMedia, listMedia, storeUpload } from '~/domain/media/media.server'
import { receiveSingleFile, type ReceivedFile } from '~/domain/media/receive-upload.server'
import {
  canManageMedia,
  canManageSettings,
  canUploadImages,
  type Actor,
} from '~/domain/access/access-rules'
import { refuseApi, requireStaffApi } from './+shared/require-access.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { describeFailure } from './+shared/action-results.server'
import type { Route } from './+types/admin.api.media'

/*
 * The media endpoint behind MediaPicker and the settings uploads (admin only):
 *   GET    ?kind=image|pdf[&q=…]           → { items: MediaItem[] } (q: name or alt text)
 *   POST   ?kind=image|pdf|font  (one-file multipart body, read as a stream) → { ok, item }
 *   DELETE ?kind=image|pdf&name=…          → { ok: true }
 * Failures answer an ActionResult with its toast and a 4xx/5xx status.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

function answer(status: number, body: ActionResult, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } })
}

function refused(status: number, title: string, description: string, code: string) {
  return answer(status, { ok: false, code, toast: { type: 'error', title, description } })
}

/** The toast title of docs/product.md §8 for a file refused by its content; any other is "Upload failed". */
const UPLOAD_TITLE_FOR_CODE: Partial<Record<string, string>> = {
  INVALID_TYPE: INVALID_FILE_TYPE,
  BROKEN_IMAGE: INVALID_FILE_TYPE,
}

/** Images for articles: every writer; PDF editions: editors; fonts (the logo): admins. */
const UPLOAD_RULE: Record<'image' | 'pdf' | 'font', (actor: Actor) => boolean> = {
  image: canUploadImages,
  pdf: canManageMedia,
  font: canManageSettings,
}

export async function loader({ request }: Route.LoaderArgs) {
  // The featured-image picker lists the library for every writer.
  await requireStaffApi(request, canUploadImages)
  const params = new URL(request.url).searchParams
  const kind = mediaListKindSchema.safeParse(params.get('kind') ?? 'image')
  if (!kind.success) {
    return refused(400, 'Error', 'Unknown kind of media', ACTION_CODES.invalidField)
  }
  const q = mediaSearchSchema.parse(params.get('q') ?? '')
  return Response.json({ items: await listMedia(kind.data, { q }) }, { headers: NO_STORE })
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request)
  const params = new URL(request.url).searchParams
  if (request.method === 'DELETE') {
    if (!canManageMedia(user)) refuseApi()
    const target = mediaDeleteSchema.safeParse(Object.fromEntries(params))
    if (!target.success) {
      return refused(400, 'Delete failed', 'There is no such file.', ACTION_CODES.invalidField)
    }
    try {
      await deleteMedia(target.data.kind, target.data.name)
      return answer(200, { ok: true })
    } catch (error) {
      const { status, body, headers } = describeFailure(error, {
        title: 'Delete failed',
        context,
        details: target.data,
      })
      return answer(status, body, headers)
    }
  }
  if (request.method !== 'POST') {
    return refused(405, 'Error', 'Method not allowed', ACTION_CODES.unknownIntent)
  }
  const kind = uploadKindSchema.safeParse(params.get('kind'))
  if (!kind.success) {
    return refused(400, 'Upload failed', 'Unknown kind of media', ACTION_CODES.invalidField)
  }
  if (!UPLOAD_RULE[kind.data](user)) refuseApi()
  let file: ReceivedFile | undefined
  try {
    file = await receiveSingleFile(request, UPLOAD_LIMITS[kind.data], tooLargeMessage(kind.data))
    const item = await storeUpload(kind.data, file, { uploadedBy: user.id })
    return Response.json({ ok: true, item }, { status: 201, headers: NO_STORE })
  } catch (error) {
    const title =
      (error instanceof DomainError && UPLOAD_TITLE_FOR_CODE[error.code]) || 'Upload failed'
    const { status, body, headers } = describeFailure(error, {
      title,
      context,
      details: { kind: kind.data, fileName: file?.fileName },
    })
    return answer(status, body, headers)
  } finally {
    await file?.discard()
  }
}
