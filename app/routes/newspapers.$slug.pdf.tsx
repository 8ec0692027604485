import { createReadableStreamFromReadable } from '@react-router/node'
import { readerOf } from '~/domain/membership/reader.server'
import { editionPdfOf, readsMembersEditions } from '~/domain/newspapers/edition-access.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { getStorage } from '~/infra/storage.server'
import { notFoundResponse } from './+shared/http-answers.server'
import type { Route } from './+types/newspapers.$slug.pdf'

/**
 * GET /newspapers/{slug}/pdf — an edition's PDF (issue 38). A members edition's file is refused
 * at its stored address (server/app.ts) and served here alone: to staff and members of any
 * plan, never kept by a shared cache; anyone else is sent to the edition's page, whose cover
 * and wall say what opens it. An edition for everyone is where it always was: its stored file.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const edition = await editionPdfOf(params.slug)
  if (!edition) {
    return notFoundResponse('Edition not found', {
      headers: { 'Cache-Control': 'public, max-age=0, s-maxage=30' },
    })
  }
  const storage = getStorage()
  if (!edition.membersOnly) {
    return new Response(null, {
      status: 302,
      headers: {
        Location: storage.publicUrl('pdf_newspapers', edition.fileName),
        'Cache-Control': 'public, max-age=0, s-maxage=60',
      },
    })
  }
  if (!readsMembersEditions(await readerOf(request))) {
    return new Response(null, {
      status: 302,
      headers: {
        Location: `/newspapers/${encodeURIComponent(params.slug)}`,
        'Cache-Control': PRIVATE_NO_STORE,
      },
    })
  }
  const [file, body] = await Promise.all([
    storage.stat('pdf_newspapers', edition.fileName),
    storage.get('pdf_newspapers', edition.fileName),
  ])
  if (!file || !body) {
    return notFoundResponse('File not found', { headers: { 'Cache-Control': PRIVATE_NO_STORE } })
  }
  return new Response(createReadableStreamFromReadable(body), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.size),
      // As at its stored address (server/app.ts, PDF_HEADERS): a file from outside is
      // downloaded, never shown by a browser's viewer on our origin, and could run nothing.
      'Content-Disposition': 'attachment',
      'Content-Security-Policy': 'sandbox',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': PRIVATE_NO_STORE,
    },
  })
}
