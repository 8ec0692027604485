import { z } from 'zod'

export const roleChangeSchema = z.object({
  userId: z.string().trim().min(1, 'User is required').max(200),
  role: z.enum(['admin', 'viewer'], { message: 'Role must be admin or viewer' }),
})

export type RoleChange = z.output<typeof roleChangeSchema>
