import { z } from 'zod'

/** Spec §5: a tag needs a name; its slug is derived from it. */
export const tagSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name is too long'),
})

export type TagValues = z.output<typeof tagSchema>
