import { redirect } from 'react-router'
import { z } from 'zod'
import { startCheckout } from '~/domain/membership/stripe-billing.server'
import { getSessionUser, signInUrl } from '~/infra/permissions.server'
import { DomainError } from '~/domain/domain-error'
import { logger } from '~/infra/logger.server'
import { createToastHeaders } from '~/infra/toast.server'
import type { Route } from './+types/subscribe.checkout'

const checkoutSchema = z.object({
  plan: z.coerce.number().int().positive(),
  interval: z.enum(['month', 'year']),
})

async function backToPlans(title: string, description: string) {
  return redirect('/subscribe', {
    headers: await createToastHeaders({ type: 'error', title, description }),
  })
}

/**
 * "Subscribe" on /subscribe or on a story's wall (issue 38): a reader signed in is sent to
 * Stripe Checkout for the plan and period chosen; one who is not signs in (or up) first and
 * comes back to the plans. Access follows from Stripe's webhooks, never from this request.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getSessionUser(request)
  if (!user) {
    const back = new URL(request.url)
    back.pathname = '/subscribe'
    throw redirect(signInUrl(new Request(back)))
  }
  const parsed = checkoutSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    return backToPlans('Choose a plan', 'Choose a plan and how often to pay.')
  }
  try {
    const url = await startCheckout(
      { id: user.id, email: user.email },
      parsed.data.plan,
      parsed.data.interval,
    )
    return redirect(url)
  } catch (error) {
    if (error instanceof DomainError) return backToPlans('Subscription failed', error.message)
    logger.error({ err: error }, 'stripe: checkout could not start')
    return backToPlans(
      'Subscription failed',
      'The payment page could not be opened. Please try again in a moment.',
    )
  }
}
