import { canImportContent } from '~/domain/access/access-rules'
import {
  attachImages,
  createImportJob,
  getImportJob,
  ImportError,
} from '~/domain/import/import-jobs.server'
import { IMPORT_LIMITS, importUploadSchema } from '~/domain/import/import-schema'
import { receiveSingleFile, type ReceivedFile } from '~/domain/media/receive-upload.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { describeFailure } from './+shared/action-results.server'
import { notFoundResponse } from './+shared/http-answers.server'
import { refuseApi, requireStaffApi } from './+shared/require-access.server'
import type { Route } from './+types/admin.api.import'

/*
 * The Import screen's uploads and progress (admins only):
 *   POST ?part=export&pagesAs=articles|static[&siteUrl=…]  (one-file multipart body, streamed)
 *        → { ok, job } with the analysis (nothing imported yet)
 *   POST ?part=images&job=ID  (the zip of images)         → { ok, job } analysed again
 *   GET  ?job=ID                                           → { status, processed, total, failure }
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' }

function refused(status: number, description: string) {
  const body: ActionResult = {
    ok: false,
    code: ACTION_CODES.invalidField,
    toast: { type: 'error', title: 'Import failed', description },
  }
  return Response.json(body, { status, headers: NO_STORE })
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffApi(request, canImportContent)
  const id = Number(new URL(request.url).searchParams.get('job'))
  if (!Number.isInteger(id) || id <= 0) return refused(400, 'There is no such import.')
  try {
    const job = await getImportJob(id)
    return Response.json(
      { status: job.status, processed: job.processed, total: job.total, failure: job.failure },
      { headers: NO_STORE },
    )
  } catch (error) {
    // Only a job that is not there is a 404; a failed read is the logged 500 it is.
    if (error instanceof ImportError && error.code === 'NOT_FOUND')
      return notFoundResponse(error.message, { headers: NO_STORE })
    throw error
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffApi(request)
  if (!canImportContent(user)) refuseApi()
  if (request.method !== 'POST') return refused(405, 'Method not allowed')
  const query = importUploadSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return refused(400, query.error.issues[0]?.message ?? 'Unknown upload.')
  const upload = query.data
  let file: ReceivedFile | undefined
  try {
    if (upload.part === 'export') {
      file = await receiveSingleFile(
        request,
        IMPORT_LIMITS.export,
        'The export file is too large: the limit is 1 GB.',
      )
      const job = await createImportJob(
        file,
        { pagesAs: upload.pagesAs, siteUrl: upload.siteUrl },
        user,
      )
      return Response.json({ ok: true, job: { id: job.id } }, { status: 201, headers: NO_STORE })
    }
    file = await receiveSingleFile(
      request,
      IMPORT_LIMITS.images,
      'The images file is too large: the limit is 4 GB.',
    )
    const job = await attachImages(upload.job, file)
    return Response.json({ ok: true, job: { id: job.id } }, { headers: NO_STORE })
  } catch (error) {
    const { status, body, headers } = describeFailure(error, {
      title: 'Import failed',
      context,
      details: { part: upload.part, fileName: file?.fileName },
    })
    return Response.json(body, { status, headers: { ...NO_STORE, ...headers } })
  } finally {
    await file?.discard()
  }
}
