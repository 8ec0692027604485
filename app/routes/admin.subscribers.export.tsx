import { subscribersToCsv } from '~/domain/newsletter/newsletter-admin.server'
import { listNewsletterSubscribers } from '~/domain/newsletter/newsletter-queries.server'
import { canManageSubscribers } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.subscribers.export'

/** The subscriber list as CSV, for admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageSubscribers)
  const csv = subscribersToCsv(await listNewsletterSubscribers())
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="newsletter-subscribers-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
