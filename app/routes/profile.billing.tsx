import { redirect } from 'react-router'
import { billingPortalUrl } from '~/domain/membership/stripe-billing.server'
import { DomainError } from '~/domain/domain-error'
import { logger } from '~/infra/logger.server'
import { requireUser } from '~/infra/permissions.server'
import { createToastHeaders } from '~/infra/toast.server'
import type { Route } from './+types/profile.billing'

/**
 * "Manage billing" on /profile (issue 38): the reader goes to Stripe's Customer Portal to change
 * their card or plan, or cancel; Stripe sends them back to /profile, and its webhooks say what
 * changed.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  try {
    return redirect(await billingPortalUrl(user.id))
  } catch (error) {
    const description =
      error instanceof DomainError
        ? error.message
        : 'The billing page could not be opened. Please try again in a moment.'
    if (!(error instanceof DomainError)) logger.error({ err: error }, 'stripe: portal failed')
    return redirect('/profile', {
      headers: await createToastHeaders({ type: 'error', title: 'Billing', description }),
    })
  }
}
