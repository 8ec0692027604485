import { z } from 'zod'
import { ROLES } from '~/domain/access/access-rules'

export const roleChangeSchema = z.object({
  userId: z.string({ error: 'User is required' }).trim().min(1, 'User is required').max(200),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
})

export type RoleChange = z.output<typeof roleChangeSchema>

const userIdField = roleChangeSchema.shape.userId

/**
 * The Users screen's posts: a row's Make Admin / Remove Admin button, its role menu, and
 * Deactivate / Reactivate in its menu.
 */
export const userActionSchema = z.discriminatedUnion('intent', [
  roleChangeSchema.extend({ intent: z.literal('set-role') }),
  z.object({ intent: z.literal('deactivate'), userId: userIdField }),
  z.object({ intent: z.literal('reactivate'), userId: userIdField }),
])

/** The Users screen's search box: part of an address, a username or a name. */
export const userSearchSchema = z.string().trim().max(200).catch('')
