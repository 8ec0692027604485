import { archivedIssue } from '~/domain/newsletter/archive-queries.server'
import { notFoundResponse } from './+shared/http-answers.server'
import type { Route } from './+types/newsletters.$slug.$issueId'

/**
 * The web version of a sent issue: the very document that was mailed (frozen when its send
 * started), served whole; readable without JavaScript. It runs nothing (sandbox) and, being
 * the generic copy, holds no reader's own links.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.issueId) ? Number(params.issueId) : 0
  const issue = id ? await archivedIssue(params.slug, id) : null
  if (!issue) {
    return notFoundResponse('This issue does not exist or has not been sent.')
  }
  return new Response(issue.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
      'Cache-Control': 'public, max-age=300, s-maxage=3600',
    },
  })
}
