import type Stripe from 'stripe'
import { getEnv } from './env.server'

/**
 * The Stripe client of reader revenue (issue 38), with the official `stripe` package: null while
 * STRIPE_SECRET_KEY is unset (subscriptions are not open; everything else works). The package
 * is loaded with the first call, so a site without Stripe never holds it in memory. The tests
 * point it at a local stand-in with the SDK's documented `host`, `port` and `protocol` options
 * (STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL).
 */

let client: { settings: string; stripe: Stripe } | undefined

export async function stripeClient(): Promise<Stripe | null> {
  const env = getEnv()
  const key = env.STRIPE_SECRET_KEY
  if (!key) return null
  // Made anew when any of its settings changes (another key, or another API host or port).
  const settings = [key, env.STRIPE_API_HOST, env.STRIPE_API_PORT, env.STRIPE_API_PROTOCOL].join(
    '\n',
  )
  if (client?.settings !== settings) {
    const { default: StripeSdk } = await import('stripe')
    client = {
      settings,
      stripe: new StripeSdk(key, {
        host: env.STRIPE_API_HOST,
        port: env.STRIPE_API_PORT,
        protocol: env.STRIPE_API_PROTOCOL,
        // A request the reader waits for: bounded, and retried by the SDK on network errors.
        timeout: 20_000,
        maxNetworkRetries: 2,
        telemetry: false,
        appInfo: { name: 'Broadsheet' },
      }),
    }
  }
  return client.stripe
}

/**
 * Stripe's event from a webhook's raw body, its signature checked by the SDK (constructEvent):
 * throws Stripe's SignatureVerificationError on a forged, altered or stale one.
 */
export async function verifiedStripeEvent(rawBody: string, signature: string) {
  const stripe = await stripeClient()
  const secret = getEnv().STRIPE_WEBHOOK_SECRET
  if (!stripe || !secret) throw new Error('Stripe is not configured')
  return stripe.webhooks.constructEvent(rawBody, signature, secret)
}

export type { Stripe }
