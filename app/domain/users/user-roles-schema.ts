import { z } from 'zod'
import { ROLES } from '~/domain/access/access-rules'

export const roleChangeSchema = z.object({
  userId: z.string({ error: 'User is required' }).trim().min(1, 'User is required').max(200),
  role: z.enum(ROLES, { message: `Role must be one of: ${ROLES.join(', ')}` }),
})

export type RoleChange = z.output<typeof roleChangeSchema>

/** The Users screen's posts: a row's Make Admin / Remove Admin button, or its role menu. */
export const userActionSchema = z.discriminatedUnion('intent', [
  roleChangeSchema.extend({ intent: z.literal('set-role') }),
])
