import { z } from 'zod'

/** Spec §5: name and slug required, description optional. Shared by the dialog and the action. */
export const categorySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long'),
  slug: z.string().trim().min(1, 'Slug is required').max(120, 'Slug is too long'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description is too long')
    .optional()
    .transform((value) => (value ? value : null)),
})

export type CategoryInput = z.input<typeof categorySchema>
export type CategoryValues = z.output<typeof categorySchema>
