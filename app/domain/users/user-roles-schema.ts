import { z } from 'zod'

export const roleChangeSchema = z.object({
  userId: z.string({ error: 'User is required' }).trim().min(1, 'User is required').max(200),
  role: z.enum(['admin', 'viewer'], { message: 'Role must be admin or viewer' }),
})

export type RoleChange = z.output<typeof roleChangeSchema>

/** The Users screen's posts: a row's Make Admin / Remove Admin button. */
export const userActionSchema = z.discriminatedUnion('intent', [
  roleChangeSchema.extend({ intent: z.literal('set-role') }),
])
