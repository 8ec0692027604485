import { z } from 'zod'

export const staticPageSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is too long'),
  content: z.string().max(500_000, 'The page is too long').default(''),
})

export type StaticPageValues = z.output<typeof staticPageSchema>

/** The page editor's one post: Save Page. */
export const pageActionSchema = z.discriminatedUnion('intent', [
  staticPageSchema.extend({ intent: z.literal('save') }),
])
