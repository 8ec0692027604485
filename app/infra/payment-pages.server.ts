import { getEnv } from './env.server'

/**
 * Where "Subscribe" and "Manage billing" lead (the form posts to the site, which redirects
 * there): Stripe's hosted Checkout and Customer Portal, or the stand-in the tests point the SDK
 * at (stripe.server.ts). The pages' Content-Security-Policy lets forms lead there
 * (`form-action`); none while Stripe is not configured.
 */
export function paymentPageOrigins(): string[] {
  const env = getEnv()
  if (!env.STRIPE_SECRET_KEY) return []
  if (env.STRIPE_API_HOST) {
    const protocol = env.STRIPE_API_PROTOCOL ?? 'https'
    const port = env.STRIPE_API_PORT ? `:${env.STRIPE_API_PORT}` : ''
    return [`${protocol}://${env.STRIPE_API_HOST}${port}`]
  }
  return ['https://checkout.stripe.com', 'https://billing.stripe.com']
}
