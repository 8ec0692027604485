import { z } from 'zod'
import { ROLES } from '~/domain/access/access-rules'
import { inviteSchema } from './invitations-schema'

export const roleChangeSchema = z.object({
  userId: z.string({ error: 'User is required' }).trim().min(1, 'User is required').max(200),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
})

export type RoleChange = z.output<typeof roleChangeSchema>

const userIdField = roleChangeSchema.shape.userId

const invitationIdField = z.coerce
  .number({ error: 'Invitation is required' })
  .int('Invitation is required')
  .positive('Invitation is required')

/**
 * The Users screen's posts: a row's Make Admin / Remove Admin button, its role menu, and
 * Deactivate / Reactivate in its menu; the "Invite staff" dialog and a pending invitation's
 * Resend and Revoke.
 */
export const userActionSchema = z.discriminatedUnion('intent', [
  roleChangeSchema.extend({ intent: z.literal('set-role') }),
  z.object({ intent: z.literal('deactivate'), userId: userIdField }),
  z.object({ intent: z.literal('reactivate'), userId: userIdField }),
  inviteSchema.extend({ intent: z.literal('invite') }),
  z.object({ intent: z.literal('resend-invitation'), invitationId: invitationIdField }),
  z.object({ intent: z.literal('revoke-invitation'), invitationId: invitationIdField }),
])

/** The Users screen's search box: part of an address, a username or a name. */
export const userSearchSchema = z.string().trim().max(200).catch('')
