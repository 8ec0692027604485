import { z } from 'zod'

/** The preferences page and the profile's newsletter card (client-safe). */
export const preferencesActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save-lists') }),
  z.object({ intent: z.literal('pause') }),
  z.object({ intent: z.literal('resume') }),
  z.object({ intent: z.literal('leave') }),
  z.object({ intent: z.literal('subscribe-again') }),
])

/** A subscriber's choices, as the preferences page and the profile's newsletter card show them. */
export interface PreferencesView {
  email: string
  confirmed: boolean
  paused: boolean
  /** On the suppression list: receives nothing until a fresh opt-in. */
  suppressed: boolean
  lists: {
    id: number
    slug: string
    name: string
    description: string
    /** Receives it; before the confirmation, ticked at sign-up. */
    subscribed: boolean
    /** Made since the subscriber last chose lists, and not chosen: offered as "New". */
    isNew: boolean
  }[]
}

/**
 * What the profile's newsletter card may show of an account's subscription: nothing until the
 * account's address is confirmed (preferences.server.ts `accountPreferences`).
 */
export type AccountPreferencesView<Prefs extends PreferencesView = PreferencesView> =
  { addressConfirmed: false } | { addressConfirmed: true; prefs: Prefs | null }

/** The checked lists of the form: every `list` field that is a positive integer. */
export function chosenListIds(form: FormData): number[] {
  return [
    ...new Set(
      form
        .getAll('list')
        .filter((v): v is string => typeof v === 'string' && /^\d{1,9}$/.test(v))
        .map(Number),
    ),
  ]
}

export const PREFERENCES_SAVED = 'Your newsletter choices are saved.'
export const PREFERENCES_PAUSED = 'Paused: you will receive nothing until you resume.'
export const PREFERENCES_RESUMED = 'Resumed: your newsletters will reach you again.'
export const PREFERENCES_LEFT = 'You left every newsletter. We will not write to you again.'
export const PREFERENCES_OPT_IN =
  'Check your inbox for a link to confirm your address; your newsletters start after that.'
/** The profile's card, while the account's address is not confirmed (nothing else is shown). */
export const PREFERENCES_ADDRESS_UNCONFIRMED =
  "Confirm your account's address to manage newsletters here: follow the link we mailed to you, or send a new one."
