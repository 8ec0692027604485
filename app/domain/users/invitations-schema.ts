import { z } from 'zod'
import { STAFF_ROLES } from '~/domain/access/access-rules'
import { emailSchema, newPasswordSchema } from './auth-schema'
import { DISPLAY_NAME_MAX } from './profile-schema'

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7

/** The Users screen's "Invite staff" dialog: an address and a staff role. */
export const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(STAFF_ROLES, {
    message: `Role must be one of: ${STAFF_ROLES.join(', ')}`,
  }),
})

export type InviteInput = z.output<typeof inviteSchema>

/** The name bylines show: one line, required here (the back office asks for it once). */
export const displayNameSchema = z
  .string({ error: 'Enter the name your bylines will show' })
  .transform((v) =>
    v
      .replace(/\s+/g, ' ')
      .replace(/\p{Cc}/gu, '')
      .trim(),
  )
  .pipe(
    z
      .string()
      .min(1, 'Enter the name your bylines will show')
      .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`),
  )

/** The invitation page's form: the link's token, the name and a password of one's own. */
export const acceptInvitationSchema = z.object({
  token: z.string().trim().min(1, 'This invitation link is not valid.').max(200),
  displayName: displayNameSchema,
  password: newPasswordSchema,
})

/** The back office's display-name step (a staff account without one). */
export const displayNameStepSchema = z.object({
  displayName: displayNameSchema,
  redirectTo: z.string().max(2000).optional(),
})
