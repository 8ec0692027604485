import { redirect } from 'react-router'
import { signOut } from '~/domain/users/account.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { Route } from './+types/signout'

// Signing out changes state, so only a POST does it; a visit to /signout just goes home.
export async function loader() {
  return redirect('/')
}

/**
 * Sign-out from anywhere (docs/product.md §7, §8): the session ends and its cookies are cleared even when
 * the session is already gone; the toast depends on where the reader signed out from.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const fromAdmin = form.get('from') === 'admin'
  const result = await signOut({ request, clientIp: context.clientIp })
  if (!result.ok && result.status >= 500) {
    return redirectWithToast(
      '/',
      { type: 'error', title: 'Error', description: result.message },
      { headers: result.headers },
    )
  }
  return redirectWithToast(
    '/',
    fromAdmin
      ? {
          type: 'success',
          title: 'Signed out successfully',
          description: 'You have been signed out of your account.',
        }
      : {
          type: 'success',
          title: 'Signed out',
          description: 'You have been signed out successfully.',
        },
    { headers: result.headers },
  )
}
