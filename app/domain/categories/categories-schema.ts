import { z } from 'zod'
import { ACCESS_LEVELS } from '~/domain/membership/access-level'
import { idField } from '~/lib/form-schemas'

/** docs/product.md §5: name and slug required, description optional. Shared by the dialog and the action. */
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
  // Where its new articles start (issue 38). Not posted: a new category is for everyone and an
  // existing one keeps its own.
  defaultAccess: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(ACCESS_LEVELS, { error: 'Choose who may read its new articles' }).optional(),
  ),
})

const categoryId = idField('This category does not exist')

/** Where a category can be shown to readers, each switched on and off by the editors. */
export const CATEGORY_PLACES = ['navigation', 'home'] as const
export type CategoryPlace = (typeof CATEGORY_PLACES)[number]

export const MOVE_DIRECTIONS = ['up', 'down'] as const
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number]

/**
 * The Categories screen's posts: create and edit from the dialog, delete, move up or down
 * (the order of the navigation and the home sections) and show or hide in a place, from a row.
 */
export const categoryActionSchema = z.discriminatedUnion('intent', [
  categorySchema.extend({ intent: z.literal('create') }),
  categorySchema.extend({ intent: z.literal('update'), id: categoryId }),
  z.object({ intent: z.literal('delete'), id: categoryId }),
  z.object({
    intent: z.literal('move'),
    id: categoryId,
    direction: z.enum(MOVE_DIRECTIONS, { error: 'Choose up or down' }),
  }),
  z.object({
    intent: z.literal('show'),
    id: categoryId,
    place: z.enum(CATEGORY_PLACES, { error: 'Choose the navigation or the home page' }),
    shown: z
      .enum(['true', 'false'], { error: 'Choose shown or hidden' })
      .transform((v) => v === 'true'),
  }),
])

export type CategoryInput = z.input<typeof categorySchema>
export type CategoryValues = z.output<typeof categorySchema>
