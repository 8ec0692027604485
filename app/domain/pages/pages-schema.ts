import { z } from 'zod'

export const staticPageSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title is too long'),
  content: z.string().max(500_000, 'The page is too long'),
})

export type StaticPageValues = z.output<typeof staticPageSchema>
