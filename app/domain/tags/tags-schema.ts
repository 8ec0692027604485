import { z } from 'zod'
import { idField } from '~/lib/form-schemas'
import { slugify } from '~/lib/slugify'

// Client-safe: the Tags screen and the article form's tag field check names with these in the
// browser, and the server checks the same post again.

/** A tag's address (/tag/:slug) comes from its name, so the name must leave something of it. */
export const TAG_NAME_NEEDS_LETTERS = 'Name must contain letters or numbers'

export function hasSlugCharacters(name: string): boolean {
  return slugify(name) !== ''
}

/** docs/product.md §5: a tag needs a name; its slug is derived from it. */
export const tagSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required', abort: true })
    .max(80, 'Name is too long')
    .refine(hasSlugCharacters, TAG_NAME_NEEDS_LETTERS),
})

export type TagValues = z.output<typeof tagSchema>

const tagId = idField('This tag does not exist')

/** The Tags screen's posts: add from the form, rename in place, delete from a row. */
export const tagActionSchema = z.discriminatedUnion('intent', [
  tagSchema.extend({ intent: z.literal('create') }),
  tagSchema.extend({ intent: z.literal('update'), id: tagId }),
  z.object({ intent: z.literal('delete'), id: tagId }),
])
