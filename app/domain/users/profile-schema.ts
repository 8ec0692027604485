import { z } from 'zod'
import { createApiTokenSchema, revokeApiTokenSchema } from '~/domain/api-tokens/api-tokens-schema'
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

export const DISPLAY_NAME_MAX = 80
export const BIO_MAX = 300

/** One line of text: runs of white space become one space, control characters go. */
function lineOfText(max: number, message: string) {
  return z
    .string()
    .transform((v) =>
      v
        .replace(/\s+/g, ' ')
        .replace(/\p{Cc}/gu, '')
        .trim(),
    )
    .pipe(z.string().max(max, message))
    .transform((v) => (v === '' ? null : v))
}

/**
 * A writer's byline (staff only): the name bylines show (empty: the username), a short bio and
 * a picture for the author page (empty: initials). A field left out of the post is left as it
 * is. The picture must be an image uploaded to this site: the server checks that
 * (`updateAuthorProfile`), this only bounds its length.
 */
export const authorProfileSchema = z.object({
  displayName: lineOfText(
    DISPLAY_NAME_MAX,
    `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  ).optional(),
  bio: lineOfText(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`).optional(),
  image: z
    .string()
    .trim()
    .max(2000, 'Choose an image uploaded to this site')
    .transform((v) => (v === '' ? null : v))
    .optional(),
})

export type AuthorProfileInput = z.output<typeof authorProfileSchema>

/**
 * The profile page's posts, one per button: the account forms, the two-factor set-up, and the
 * sessions list. Shared by the page (its forms' fields) and its action.
 */
export const profileActionSchema = z.discriminatedUnion('intent', [
  usernameSchema.extend({ intent: z.literal('username') }),
  authorProfileSchema.extend({ intent: z.literal('author-profile') }),
  changePasswordSchema.extend({ intent: z.literal('password') }),
  passwordConfirmSchema.extend({ intent: z.literal('enable-2fa') }),
  totpCodeSchema.extend({ intent: z.literal('confirm-2fa') }),
  z.object({ intent: z.literal('cancel-2fa') }),
  passwordConfirmSchema.extend({ intent: z.literal('disable-2fa') }),
  passwordConfirmSchema.extend({ intent: z.literal('backup-codes') }),
  z.object({ intent: z.literal('revoke-session'), sessionId }),
  z.object({ intent: z.literal('revoke-others') }),
  z.object({ intent: z.literal('revoke-all') }),
  z.object({ intent: z.literal('resend-confirmation') }),
  // Personal API tokens (staff only; the action refuses anyone else).
  createApiTokenSchema,
  revokeApiTokenSchema,
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
  /** A token just made: shown this once, never again. */
  apiToken: { name: string; token: string }
}
