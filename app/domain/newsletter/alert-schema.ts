import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

/** The publishing panel's "Email to subscribers": one alert list at a time (client-safe). */
export const alertActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send-alert'), listId: idField('Choose a newsletter') }),
])

/** What the panel shows per alert list. */
export interface AlertListState {
  id: number
  name: string
  recipients: number
  /** Already mailed for this story: when, to how many (once per story and list). */
  sent: { at: string | null; recipients: number; status: string } | null
}
