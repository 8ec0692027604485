import { redirect } from 'react-router'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.$'

// docs/product.md §2: an unknown admin sub-path falls back to the dashboard.
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  throw redirect('/admin')
}

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request)
  throw redirect('/admin')
}
