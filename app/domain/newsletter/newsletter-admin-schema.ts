import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

/** The Subscribers screen's posts: a row's Remove button. */
export const subscriberActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), id: idField('Unknown subscriber') }),
])
