import { redirect } from 'react-router'
import { requireAdmin } from '~/infra/permissions.server'
import type { Route } from './+types/admin.$'

// Spec §2: an unknown admin sub-path falls back to the dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  throw redirect('/admin')
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  throw redirect('/admin')
}
