import { z } from 'zod'
import type { newsletterLists } from '@db/schema/index'
import { isEmptyEditorHtml } from '~/domain/articles/articles-schema'
import { idField } from '~/lib/form-schemas'

// The back office's newsletter forms (client-safe): a list, an edition, and the intents of
// /admin/newsletters and its issue pages.

export const LIST_KINDS = ['alert', 'digest', 'edition'] as const
export type ListKind = (typeof LIST_KINDS)[number]
export const LIST_KIND_NAMES: Record<ListKind, string> = {
  alert: 'Article alerts',
  digest: 'Digest',
  edition: 'Edition',
}

export const ISSUE_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'sent',
  'failed',
  'cancelled',
] as const
export type IssueStatus = (typeof ISSUE_STATUSES)[number]

/** A new list is announced in the other lists' mails for this many days after its creation. */
export const ANNOUNCE_DAYS = 30

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

/** How often a list writes, in the words the sign-up forms show ("Daily at 07:00"). */
export function listSchedule(list: {
  kind: ListKind
  cadence: 'daily' | 'weekly' | null
  sendTime: string | null
  weekday: number | null
}): string {
  if (list.kind === 'alert') return 'Breaking news alerts as they happen'
  if (list.kind === 'edition') return 'Special editions, when the editors send one'
  const at = list.sendTime ? ` at ${list.sendTime}` : ''
  if (list.cadence === 'weekly' && list.weekday !== null) {
    return `Weekly on ${WEEKDAYS[list.weekday] ?? 'Sunday'}${at}`
  }
  return list.cadence === 'weekly' ? `Weekly${at}` : `Daily${at}`
}

function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const optionalId = z
  .string()
  .optional()
  .transform((value) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null))

/** A list as the form posts it: checkboxes arrive as "on" or not at all. */
export const listSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    description: z.string().trim().max(500, 'Description is too long').default(''),
    kind: z.enum(LIST_KINDS, { error: 'Choose a kind of list' }),
    cadence: z.enum(['daily', 'weekly']).optional().catch(undefined),
    sendTime: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Use a time like 07:30'),
    weekday: z
      .string()
      .optional()
      .transform((v) => (v && /^[0-6]$/.test(v) ? Number(v) : null)),
    // Empty: the site's zone, followed when it changes (issue 36).
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || null)
      .refine((v) => v === null || isTimeZone(v), 'Unknown time zone'),
    categoryId: optionalId,
    tagId: optionalId,
    minStories: z.coerce
      .number({ error: 'Enter a number' })
      .int('Enter a whole number')
      .min(1, 'At least 1')
      .max(100, 'At most 100')
      .default(1),
    isDefault: z
      .string()
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
    // Off unless ticked (issue 36).
    announceInMail: z
      .string()
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
  })
  .superRefine((list, ctx) => {
    if (list.kind !== 'digest') return
    if (!list.cadence) {
      ctx.addIssue({ code: 'custom', path: ['cadence'], message: 'Choose daily or weekly' })
    }
    if (!list.sendTime) {
      ctx.addIssue({ code: 'custom', path: ['sendTime'], message: 'A digest needs a send time' })
    }
    if (list.cadence === 'weekly' && list.weekday === null) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday' })
    }
  })

export type ListValues = z.output<typeof listSchema>

/** A stored list as the "Edit newsletter" dialog opens it: the fields `listSchema` posts. */
export type EditableList = Pick<
  typeof newsletterLists.$inferSelect,
  | 'id'
  | 'name'
  | 'description'
  | 'kind'
  | 'cadence'
  | 'sendTime'
  | 'weekday'
  | 'timeZone'
  | 'categoryId'
  | 'tagId'
  | 'minStories'
  | 'isDefault'
  | 'announceInMail'
>

/** An introduction's stored HTML: a few screens of words, tables and cards, with room. */
export const INTRO_MAX = 200_000

/** An edition's text and stories; `articleIds` is a comma-separated list, in order. */
export const editionSchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  preheader: z.string().trim().max(200, 'Preheader is too long').default(''),
  // The article editor's HTML, with its blocks; the editor's empty document is none.
  intro: z
    .string()
    .max(INTRO_MAX, 'Introduction is too long')
    .default('')
    .transform((html) => (isEmptyEditorHtml(html) ? '' : html)),
  articleIds: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^\d{1,9}$/.test(s))
        .map(Number),
    )
    .refine((ids) => ids.length <= 30, 'At most 30 stories')
    .refine((ids) => new Set(ids).size === ids.length, 'A story is chosen twice'),
})

export type EditionValues = z.output<typeof editionSchema>

/** /admin/newsletters: the lists. */
export const listActionSchema = z.discriminatedUnion('intent', [
  listSchema.safeExtend({ intent: z.literal('create-list') }),
  listSchema.safeExtend({ intent: z.literal('update-list'), id: idField('Unknown list') }),
  z.object({ intent: z.literal('delete-list'), id: idField('Unknown list') }),
  z.object({ intent: z.literal('new-edition'), id: idField('Unknown list') }),
  z.object({ intent: z.literal('delete-issue'), id: idField('Unknown issue') }),
])

/** /admin/newsletters/issues/:id: the composer and the send. */
export const issueActionSchema = z.discriminatedUnion('intent', [
  editionSchema.safeExtend({ intent: z.literal('save') }),
  z.object({
    intent: z.literal('test-send'),
  }),
  z.object({ intent: z.literal('send-now') }),
  z.object({
    intent: z.literal('schedule'),
    /** The browser's datetime-local value, read in `timeZone`. */
    at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Choose a date and time'),
  }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('delete') }),
])
