import { DomainError } from '~/domain/domain-error'
import { canManageMedia } from '~/domain/access/access-rules'
import { requireStaffApi } from './+shared/require-access.server'
import { INVALID_FILE_TYPE, tooLargeMessage, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { receiveSingleFile, type ReceivedFile } from '~/domain/media/receive-upload.server'
import {
  EDITION_MESSAGES,
  editionActionSchema,
  editionIdSchema,
  editionMetaSchema,
  type AdminEdition,
} from '~/domain/newspapers/editions-schema'
import {
  adoptOrphanPdfsOnce,
  createEditionFromUpload,
  deleteEdition,
  EditionError,
  getAdminEdition,
  listAdminEditions,
  updateEdition,
} from '~/domain/newspapers/editions.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf } from '~/lib/field-errors'
import { describeFailure, parseIntent } from './+shared/action-results.server'
import { notFoundResponse } from './+shared/http-answers.server'
import type { Route } from './+types/admin.api.editions'

/*
 * The print editions behind the Media screen's "PDF Newspapers" tab (editors and admins):
 *   GET                                                  → { editions: AdminEdition[] }
 *   GET ?id=…                                            → { edition: AdminEdition }
 *   POST ?title=…&editionDate=YYYY-MM-DD&number=…  (one-file multipart body, streamed)
 *                                → 201 { ok, edition } with edition.status 'processing': its
 *                                  pages are read in the background, then 'ready' or 'failed'
 *   POST intent=update id title editionDate number       → { ok, edition, toast }
 *   POST intent=delete id                                → { ok, toast }
 * Failures answer an ActionResult (toast, field errors) with a 4xx/5xx status.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

function answer(
  status: number,
  body: ActionResult<{ edition: AdminEdition }>,
  headers: Record<string, string> = {},
) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } })
}

const TITLES: Record<string, string> = { update: 'Update failed', delete: 'Delete failed' }

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, canManageMedia)
  // An edition being read is asked for by id until it is ready or failed.
  const idParam = new URL(request.url).searchParams.get('id')
  if (idParam !== null) {
    const id = editionIdSchema.safeParse(idParam)
    try {
      if (!id.success) throw new EditionError('NOT_FOUND', EDITION_MESSAGES.noEdition)
      return Response.json({ edition: await getAdminEdition(id.data) }, { headers: NO_STORE })
    } catch (error) {
      if (error instanceof EditionError && error.code === 'NOT_FOUND') {
        return notFoundResponse(error.message, { headers: NO_STORE })
      }
      throw error
    }
  }
  // PDFs stored before editions existed become editions the first time anyone looks.
  await adoptOrphanPdfsOnce()
  return Response.json({ editions: await listAdminEditions() }, { headers: NO_STORE })
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request, canManageMedia)
  if (request.method !== 'POST') {
    return answer(405, {
      ok: false,
      code: ACTION_CODES.unknownIntent,
      toast: { type: 'error', title: 'Error', description: 'Method not allowed' },
    })
  }
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    return upload(request, context, user.id)
  }

  const parsed = parseIntent(await request.formData(), editionActionSchema, { titles: TITLES })
  if (!parsed.ok) {
    return answer(parsed.response.init?.status ?? 400, parsed.response.data)
  }
  const { data } = parsed
  try {
    if (data.intent === 'update') {
      const edition = await updateEdition(data.id, data)
      return answer(200, {
        ok: true,
        edition,
        toast: { type: 'success', title: 'Edition updated', description: edition.title },
      })
    }
    await deleteEdition(data.id)
    return answer(200, {
      ok: true,
      toast: {
        type: 'success',
        title: 'File deleted',
        description: 'The file has been deleted successfully.',
      },
    })
  } catch (error) {
    const { status, body, headers } = describeFailure(error, {
      title: TITLES[data.intent],
      context,
      details: { intent: data.intent, id: data.id },
    })
    return answer(status, body, headers)
  }
}

async function upload(request: Request, context: Route.ActionArgs['context'], userId: string) {
  const params = new URL(request.url).searchParams
  const meta = editionMetaSchema.safeParse({
    title: params.get('title') ?? undefined,
    editionDate: params.get('editionDate') ?? undefined,
    number: params.get('number') ?? undefined,
  })
  if (!meta.success) {
    return answer(400, {
      ok: false,
      code: ACTION_CODES.invalidField,
      fieldErrors: fieldErrorsOf(meta.error),
      toast: { type: 'error', title: 'Upload failed', description: meta.error.issues[0].message },
    })
  }
  let file: ReceivedFile | undefined
  try {
    file = await receiveSingleFile(request, UPLOAD_LIMITS.pdf, tooLargeMessage('pdf'))
    const edition = await createEditionFromUpload(file, meta.data, { uploadedBy: userId })
    // No toast yet: the panel shows "File uploaded" once the pages are read.
    return answer(201, { ok: true, edition })
  } catch (error) {
    const title =
      error instanceof DomainError && error.code === 'INVALID_TYPE'
        ? INVALID_FILE_TYPE
        : 'Upload failed'
    const { status, body, headers } = describeFailure(error, {
      title,
      context,
      details: { fileName: file?.fileName },
    })
    return answer(status, body, headers)
  } finally {
    await file?.discard()
  }
}
