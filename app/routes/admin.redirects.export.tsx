import { createReadableStreamFromReadable } from '@react-router/node'
import { canManageRedirects } from '~/domain/access/access-rules'
import { redirectsCsvStream } from '~/domain/redirects/redirects-csv.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.redirects.export'

/** Every redirect as CSV (the file the Redirects screen imports), streamed; admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageRedirects)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(createReadableStreamFromReadable(redirectsCsvStream()), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="redirects-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
