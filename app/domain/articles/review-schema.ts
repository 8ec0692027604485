import { z } from 'zod'

// Client-safe: the "Return to writer" dialog validates with this schema, and the server again.

export const REVIEW_NOTE_MAX = 2000

export const reviewNoteSchema = z.object({
  note: z
    .string({ error: 'Write a note for the writer' })
    .trim()
    .min(1, 'Write a note for the writer')
    .max(REVIEW_NOTE_MAX, `A note can have at most ${REVIEW_NOTE_MAX} characters`),
})

/**
 * The review route's posts: an editor returns an article waiting for review to its writer; its
 * writer takes it back to draft while no editor has acted on it.
 */
export const reviewActionSchema = z.discriminatedUnion('intent', [
  reviewNoteSchema.extend({ intent: z.literal('return') }),
  z.object({ intent: z.literal('withdraw') }),
])

export type ReviewAction = z.output<typeof reviewActionSchema>
