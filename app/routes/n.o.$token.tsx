import { recordOpen } from '~/domain/newsletter/report.server'
import { readOpenToken } from '~/domain/newsletter/tracking-token.server'
import type { Route } from './+types/n.o.$token'

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * The open image of a newsletter (issue 36; only in mails sent while opens are counted). An
 * approximate count: mail clients load images for their readers, or not at all. Never cached.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const claim = readOpenToken(params.token)
  if (claim) await recordOpen(claim)
  // The image either way: a mail client shows no broken picture for a stale token.
  return new Response(PIXEL, {
    headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' },
  })
}
