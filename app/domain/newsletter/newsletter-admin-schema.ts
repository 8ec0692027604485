import { z } from 'zod'
import { idField } from '~/lib/form-schemas'
import { newsletterSubscribeSchema } from './newsletter-schema'

/** The Subscribers screen's posts: a row's Remove, the CSV import, an address suppressed by hand. */
export const subscriberActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), id: idField('Unknown subscriber') }),
  // The file itself is read from the multipart body (a File is not a string field).
  z.object({ intent: z.literal('import') }),
  newsletterSubscribeSchema.extend({ intent: z.literal('suppress') }),
])

/** Larger files are refused before they are read (100,000 rows fit well within). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024

/** The Subscribers screen's filters (issue 36): by list and by state. */
export const SUBSCRIBER_STATES = ['confirmed', 'pending', 'paused', 'unsubscribed'] as const
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number]

export interface SubscriberFilter {
  listId: number | null
  state: SubscriberState | null
}

/** The filter of a URL's search; an unknown value is no filter (the screen shows it unset). */
export function subscriberFilterOf(searchParams: URLSearchParams): SubscriberFilter {
  const list = searchParams.get('list') ?? ''
  const state = searchParams.get('state') ?? ''
  return {
    listId: /^\d{1,9}$/.test(list) ? Number(list) : null,
    state: (SUBSCRIBER_STATES as readonly string[]).includes(state)
      ? (state as SubscriberState)
      : null,
  }
}
