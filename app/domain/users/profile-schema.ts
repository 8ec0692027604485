import { z } from 'zod'
import {
  changePasswordSchema,
  passwordConfirmSchema,
  totpCodeSchema,
  usernameSchema,
} from './auth-schema'

const sessionId = z
  .string({ error: 'This session does not exist' })
  .min(1, 'This session does not exist')
  .max(255, 'This session does not exist')

/**
 * The profile page's posts, one per button: the account forms, the two-factor set-up, and the
 * sessions list. Shared by the page (its forms' fields) and its action.
 */
export const profileActionSchema = z.discriminatedUnion('intent', [
  usernameSchema.extend({ intent: z.literal('username') }),
  changePasswordSchema.extend({ intent: z.literal('password') }),
  passwordConfirmSchema.extend({ intent: z.literal('enable-2fa') }),
  totpCodeSchema.extend({ intent: z.literal('confirm-2fa') }),
  z.object({ intent: z.literal('cancel-2fa') }),
  passwordConfirmSchema.extend({ intent: z.literal('disable-2fa') }),
  passwordConfirmSchema.extend({ intent: z.literal('backup-codes') }),
  z.object({ intent: z.literal('revoke-session'), sessionId }),
  z.object({ intent: z.literal('revoke-others') }),
  z.object({ intent: z.literal('revoke-all') }),
])

export type ProfilePost = z.output<typeof profileActionSchema>
export type ProfileIntent = ProfilePost['intent']

/**
 * What the profile's action answers besides `ActionResult`: the page holds several forms, so
 * each answer names the intent it is for; backup codes come once, right after they are made.
 */
export interface ProfileAnswer {
  intent: string
  backupCodes: string[]
}
