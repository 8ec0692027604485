import { z } from 'zod'

/** The largest redirects CSV the screen takes in one upload (about 20,000 lines). */
export const MAX_REDIRECTS_CSV_BYTES = 2 * 1024 * 1024

/** The Redirects screen's posts: add one by hand, delete one, import a CSV. */
export const redirectActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    fromPath: z.string().trim().min(1, 'Enter the old address'),
    toPath: z.string().trim().default(''),
    statusCode: z.coerce.number({ error: 'Choose 301, 302 or 410' }).pipe(
      z.union([z.literal(301), z.literal(302), z.literal(410)], {
        error: 'Choose 301, 302 or 410',
      }),
    ),
  }),
  z.object({
    intent: z.literal('delete'),
    id: z.coerce.number({ error: 'This redirect no longer exists' }).int().positive(),
  }),
  z.object({ intent: z.literal('import') }),
])

export type RedirectAction = z.output<typeof redirectActionSchema>
