/**
 * The Stripe stand-in (stripe-stand-in.ts) as a process of its own, for the end-to-end
 * server (playwright.config.ts starts it beside the site): listens on STAND_IN_PORT, sends its
 * webhooks to WEBHOOK_URL signed with WEBHOOK_SECRET, and stops with its process.
 *
 *   STAND_IN_PORT=3105 WEBHOOK_URL=http://localhost:3100/api/stripe/webhook \
 *   WEBHOOK_SECRET=whsec_… node --import tsx tests/setup/stripe-stand-in-main.ts
 */
import { startStripeStandIn } from './stripe-stand-in'

const standIn = await startStripeStandIn({
  port: Number(process.env.STAND_IN_PORT),
  webhookUrl: process.env.WEBHOOK_URL ?? '',
  webhookSecret: process.env.WEBHOOK_SECRET,
})
process.stdout.write(`Stripe stand-in on ${standIn.url}\n`)
const stop = () => void standIn.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
