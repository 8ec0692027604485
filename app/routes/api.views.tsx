import { recordArticleView } from '~/domain/articles/trending.server'
import type { Route } from './+types/api.views'

const TEXT = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' }

/**
 * A reader's page view, sent by the page itself once it shows (components/site/view-beacon.tsx):
 * the one place views are counted, whether the page came from the server, the page cache or a
 * CDN. No cookie is read or set; a view counts once per reader, story and day (a keyed hash of
 * the address and user agent, trending.server.ts); bots are not counted; a client far beyond a
 * reader's pace is refused with 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null)
  const id = Number(form?.get('article'))
  if (!Number.isSafeInteger(id) || id <= 0) {
    return new Response('An article id is required.', { status: 400, headers: TEXT })
  }
  const outcome = await recordArticleView(request, id, context.clientIp)
  if (outcome.refused) {
    return new Response('Too many page views from this reader. Try again in a minute.', {
      status: 429,
      headers: { ...TEXT, 'Retry-After': String(outcome.retryAfter) },
    })
  }
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
