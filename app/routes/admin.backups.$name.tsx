import { createReadableStreamFromReadable } from '@react-router/node'
import { isBackupName } from '~/domain/backup/backup.server'
import { canManageBackups } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { getStorage } from '~/infra/storage.server'
import type { Route } from './+types/admin.backups.$name'
import { notFoundResponse } from './+shared/http-answers.server'

/** Streams a backup archive from storage to an admin; backups are never public. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, canManageBackups)
  const name = params.name
  if (!isBackupName(name))
    throw notFoundResponse('Backup not found', {
      headers: { 'Cache-Control': 'private, no-store' },
    })
  const storage = getStorage()
  const [file, body] = await Promise.all([
    storage.stat('backups', name),
    storage.get('backups', name),
  ])
  if (!file || !body)
    throw notFoundResponse('Backup not found', {
      headers: { 'Cache-Control': 'private, no-store' },
    })
  return new Response(createReadableStreamFromReadable(body), {
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
