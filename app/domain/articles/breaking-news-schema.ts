import { z } from 'zod'

// Client-safe: the publishing panel's "keep on the bar" posts (routes/admin.articles.$id.breaking-news.tsx).

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/

/**
 * `keep`: the site's hours more; `until`: a chosen time (an instant; the panel converts);
 * `end`: off the bar now.
 */
export const breakingNewsActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('keep') }),
  z.object({ intent: z.literal('end') }),
  z.object({
    intent: z.literal('until'),
    until: z
      .string({ error: 'Choose a date and time' })
      .trim()
      .min(1, 'Choose a date and time')
      .refine(
        (v) => INSTANT.test(v) && !Number.isNaN(new Date(v).getTime()),
        'Choose a valid date and time',
      )
      .transform((v) => new Date(v)),
  }),
])

export type BreakingNewsAction = z.output<typeof breakingNewsActionSchema>
