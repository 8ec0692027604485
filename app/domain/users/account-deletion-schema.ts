import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from './auth-schema'

/**
 * The post of /profile/delete: the password, or for an account without one, its address typed
 * out (which of the two the account needs is the server's to say: account-deletion.server.ts).
 */
export const deleteAccountSchema = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH, 'Incorrect password').optional(),
  email: z.string().max(254, 'Type your email address exactly as shown').optional(),
})

/** Why staff have no "Delete my account" (the action refuses them whatever the page shows). */
export const STAFF_ACCOUNT_CLOSING =
  'Staff accounts are closed by an admin of the paper, who keeps your articles and bylines. Ask an admin to deactivate your account.'

/** The home page's toast once the account is gone. */
export const ACCOUNT_DELETED_TOAST = {
  type: 'success',
  title: 'Account deleted',
  description: 'Your account has been deleted.',
} as const

/** What the confirmation page says will happen, for this reader. */
export interface DeletionPreview {
  email: string
  proof: 'password' | 'email'
  /** Memberships that still give access: each ends now (a Stripe one is cancelled first). */
  running: { plan: string; throughStripe: boolean }[]
  /** Whether any Stripe membership ever: the receipts Stripe keeps are worth saving first. */
  paidThroughStripe: boolean
  /** Whether any membership ever: its anonymous record is kept. */
  everMember: boolean
  /** Whether the account's (confirmed) address has a newsletter subscription, which goes. */
  newsletter: boolean
}
