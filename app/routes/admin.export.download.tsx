import { createReadableStreamFromReadable } from '@react-router/node'
import { canExportSite } from '~/domain/access/access-rules'
import { siteExportZip } from '~/domain/export/site-export.server'
import { getStorage } from '~/infra/storage.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.export.download'

/** The site's export zip, made while it is sent (site-export.server.ts); admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canExportSite)
  const zip = await siteExportZip(getStorage())
  const day = new Date().toISOString().slice(0, 10)
  return new Response(createReadableStreamFromReadable(zip), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="broadsheet-export-${day}.zip"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
