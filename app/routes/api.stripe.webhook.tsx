import { acceptStripeEvent } from '~/domain/membership/stripe-events.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { verifiedStripeEvent } from '~/infra/stripe.server'
import type { Route } from './+types/api.stripe.webhook'

const JSON_HEADERS = { 'Cache-Control': 'no-store', 'Content-Type': 'application/json' }

const answer = (status: number, body: Record<string, unknown>) =>
  new Response(JSON.stringify(body), { status, headers: JSON_HEADERS })

/** Stripe's events beyond this are not Stripe's (its largest are a few tens of kB). */
const MAX_EVENT_BYTES = 512 * 1024

/**
 * Stripe's webhooks (issue 38; README, "Reader revenue"): the signature is checked by the SDK
 * against STRIPE_WEBHOOK_SECRET, the event recorded once by its id, and its effect queued on the
 * job queue in the same transaction (stripe-events.server.ts). 200 for an event taken, seen
 * before, or of a type the site does not act on; 400 for a missing or false signature; 404
 * while Stripe is not configured (there is no endpoint yet; Stripe tries again later).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return answer(405, { error: 'POST only' })
  const env = getEnv()
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return answer(404, { error: 'Subscriptions are not open yet.' })
  }
  const signature = request.headers.get('stripe-signature')
  if (!signature) return answer(400, { error: 'The Stripe-Signature header is missing.' })
  const length = Number(request.headers.get('content-length') ?? 0)
  if (length > MAX_EVENT_BYTES) return answer(413, { error: 'This event is too large.' })
  const body = await request.text()
  if (body.length > MAX_EVENT_BYTES) return answer(413, { error: 'This event is too large.' })
  let event
  try {
    event = await verifiedStripeEvent(body, signature)
  } catch (error) {
    logger.warn({ err: error }, 'stripe: a webhook with a bad signature was refused')
    return answer(400, { error: 'The signature does not match this event.' })
  }
  try {
    const accepted = await acceptStripeEvent(event)
    return answer(200, { received: true, duplicate: !accepted })
  } catch (error) {
    // Not taken (the database is busy or away): Stripe sends it again later.
    logger.error({ err: error, event: event.id }, 'stripe: an event could not be recorded')
    return answer(503, { error: 'Try again later.' })
  }
}

export function loader() {
  return answer(405, { error: 'POST only' })
}
