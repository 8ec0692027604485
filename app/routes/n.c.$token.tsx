import { recordClick } from '~/domain/newsletter/report.server'
import { readClickToken } from '~/domain/newsletter/tracking-token.server'
import { notFoundResponse } from './+shared/http-answers.server'
import type { Route } from './+types/n.c.$token'

/**
 * A newsletter's story link (issue 36): counts the click and sends the reader on to the story.
 * The token is signed and its link must have been in the issue, so the site redirects nowhere
 * it was not asked to by its own mail. Never cached: every click reaches the count.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const claim = readClickToken(params.token)
  const target = claim ? await recordClick(claim) : null
  if (!target) return notFoundResponse('This link is not valid.')
  return new Response(null, {
    status: 302,
    headers: { Location: target, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  })
}
