/** The durable job that sends one delivery's try (webhook-delivery.server.ts). */
export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery'
/** The durable job that mails the admins about an endpoint it disabled. */
export const WEBHOOK_NOTICES_JOB = 'webhook-notices'

/**
 * A queue entry for a delivery's try due at `due`: the try runs only while the delivery still
 * waits for that very time, so an entry overtaken by a resend (a new time) does nothing.
 */
export function deliveryEntry(deliveryId: number, due: Date) {
  return { deliveryId, due: due.toISOString() }
}
