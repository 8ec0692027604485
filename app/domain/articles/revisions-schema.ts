import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

// Client-safe: what the revisions panel posts and asks for.

const revisionId = idField('This revision does not exist')

/** The panel's posts: restore a revision (as a new save). */
export const revisionActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('restore'),
    revisionId,
    // The article's version the editor compared against; a save since then is a conflict.
    expectedUpdatedAt: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.iso
        .datetime({ offset: true, error: 'Reload the revisions and try again' })
        .transform((value) => new Date(value))
        .nullable(),
    ),
  }),
])

/** `?compare={revision id}`: which revision to compare with the current text. */
export const compareParamSchema = revisionId
