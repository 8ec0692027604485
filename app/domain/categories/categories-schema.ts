import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

/** Spec §5: name and slug required, description optional. Shared by the dialog and the action. */
export const categorySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(120, 'Name is too long'),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(120, 'Slug is too long'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description is too long')
    .optional()
    .transform((value) => (value ? value : null)),
})

const categoryId = idField('This category does not exist')

/** The Categories screen's posts: create and edit from the dialog, delete from a row. */
export const categoryActionSchema = z.discriminatedUnion('intent', [
  categorySchema.extend({ intent: z.literal('create') }),
  categorySchema.extend({ intent: z.literal('update'), id: categoryId }),
  z.object({ intent: z.literal('delete'), id: categoryId }),
])

export type CategoryInput = z.input<typeof categorySchema>
export type CategoryValues = z.output<typeof categorySchema>
