import { subscribersCsvStream } from '~/domain/newsletter/newsletter-admin.server'
import { subscriberFilterOf } from '~/domain/newsletter/newsletter-admin-schema'
import { subscribersForExport } from '~/domain/newsletter/newsletter-queries.server'
import { canManageSubscribers } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.subscribers.export'

/** The subscribers of the screen's filtered view as CSV, streamed; for admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageSubscribers)
  const filter = subscriberFilterOf(new URL(request.url).searchParams)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(subscribersCsvStream(subscribersForExport(filter)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="newsletter-subscribers-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
