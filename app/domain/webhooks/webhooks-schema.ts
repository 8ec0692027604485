import { z } from 'zod'
import { WEBHOOK_EVENT_TYPES } from '~/lib/webhook-events'

export const WEBHOOK_URL_MAX = 2000
/** Deliveries an endpoint's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 50

const id = (what: string) =>
  z.coerce
    .number({ error: `This ${what} no longer exists` })
    .int()
    .positive()

/** The Webhooks screen's posts: add an endpoint (its secret shown once), and act on one. */
export const webhookActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    url: z
      .string()
      .trim()
      .min(1, 'Enter the address to send events to')
      .max(WEBHOOK_URL_MAX, `Keep the address within ${WEBHOOK_URL_MAX} characters`),
    // One checkbox per event; the route joins the ticked ones with commas (`joinEvents`).
    events: z
      .preprocess(
        (value) => (typeof value === 'string' && value !== '' ? value.split(',') : []),
        z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from the list' })),
      )
      .refine((events) => events.length > 0, 'Choose at least one event'),
  }),
  z.object({ intent: z.literal('disable'), id: id('endpoint') }),
  z.object({ intent: z.literal('enable'), id: id('endpoint') }),
  z.object({ intent: z.literal('delete'), id: id('endpoint') }),
])

export type WebhookAction = z.output<typeof webhookActionSchema>

/** An endpoint's delivery log: send one again. */
export const webhookLogActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('resend'), id: id('delivery') }),
])

/** The ticked event checkboxes as the one comma-separated field the schema reads. */
export function joinEvents(form: FormData): FormData {
  form.set('events', form.getAll('events').map(String).join(','))
  return form
}
