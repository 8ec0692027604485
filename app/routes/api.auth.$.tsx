import { handleAuthHttp } from '~/infra/auth.server'
import { getSession } from '~/infra/permissions.server'
import type { Route } from './+types/api.auth.$'

// better-auth's HTTP endpoints; the magic-link and email-verification links land here.
// getSession first: it retires an idle or too-old session before better-auth sees it.
export async function loader({ request, context }: Route.LoaderArgs) {
  await getSession(request)
  return handleAuthHttp(request, context.clientIp)
}

export async function action({ request, context }: Route.ActionArgs) {
  await getSession(request)
  return handleAuthHttp(request, context.clientIp)
}
