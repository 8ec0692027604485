import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

// Client-safe: the live desk (admin.articles_.$id.live.tsx) validates with these schemas, and
// the server again; the reader's script computes its cursor with the helpers below.

export const LIVE_HEADLINE_MAX = 200
/** An entry is a few paragraphs, an image or a video: far below an article's size. */
export const LIVE_CONTENT_MAX = 100_000
export const LIVE_SUMMARY_MAX = 2000

export const LIVE_EMPTY_ENTRY = 'Write something before publishing'

/** Coverage states, as readers and the desk name them. */
export type LiveState = 'live' | 'paused' | 'ended'

/** True when the editor's HTML holds text, an image or a video (not `<p></p>`). */
export function hasEntryContent(html: string): boolean {
  if (/<(?:img|iframe|video)\b/i.test(html)) return true
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0
}

const entryFields = {
  headline: z
    .string()
    .trim()
    .max(LIVE_HEADLINE_MAX, `A headline can have at most ${LIVE_HEADLINE_MAX} characters`)
    .default(''),
  content: z
    .string({ error: LIVE_EMPTY_ENTRY })
    .max(LIVE_CONTENT_MAX, 'This entry is too long')
    .refine(hasEntryContent, LIVE_EMPTY_ENTRY),
  isKeyEvent: z
    .enum(['on', 'true', 'false', ''])
    .optional()
    .transform((v) => v === 'on' || v === 'true'),
}

export const liveEntrySchema = z.object(entryFields)
export type LiveEntryInput = z.output<typeof liveEntrySchema>

const entryId = idField('This entry does not exist')
const flag = z.enum(['true', 'false'], { error: 'Choose on or off' }).transform((v) => v === 'true')

/** The live desk's posts. */
export const liveActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('pause') }),
  z.object({ intent: z.literal('resume') }),
  z.object({ intent: z.literal('end') }),
  z.object({
    intent: z.literal('summary'),
    summary: z
      .string()
      .trim()
      .max(LIVE_SUMMARY_MAX, `A summary can have at most ${LIVE_SUMMARY_MAX} characters`),
  }),
  z.object({ intent: z.literal('publish'), ...entryFields }),
  z.object({ intent: z.literal('edit'), id: entryId, ...entryFields }),
  z.object({ intent: z.literal('delete'), id: entryId }),
  z.object({ intent: z.literal('approve'), id: entryId }),
  z.object({ intent: z.literal('pin'), id: entryId, on: flag }),
  z.object({ intent: z.literal('key-event'), id: entryId, on: flag }),
])
export type LiveAction = z.output<typeof liveActionSchema>
