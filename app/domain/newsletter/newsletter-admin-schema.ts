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
