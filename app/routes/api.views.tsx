import { isCountableBeacon, recordArticleView } from '~/domain/articles/trending.server'
import type { Route } from './+types/api.views'

/**
 * A reader's page view, sent by the page itself once it shows (components/site/view-beacon.tsx):
 * the one place views are counted, whether the page came from the server, the page cache or a
 * CDN. No cookie is read or set, nothing about the reader is kept; bots are not counted.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null)
  const id = Number(form?.get('article'))
  if (!Number.isSafeInteger(id) || id <= 0) {
    return new Response('An article id is required.', {
      status: 400,
      headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  if (isCountableBeacon(request)) recordArticleView(id)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
