import { z } from 'zod'

/** The Background work screen's one post: run a scheduled job now. */
export const backgroundWorkActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('run-now'),
    job: z.string().trim().min(1, 'Choose a job').max(100),
  }),
])
