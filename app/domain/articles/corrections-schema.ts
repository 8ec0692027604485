import { z } from 'zod'
import { idField } from '~/lib/form-schemas'

// Client-safe: the corrections panel validates with this schema, and the server again.

export const CORRECTION_TEXT_MAX = 2000
/** Clocks differ a little between browser and server: "now" may read a minute ahead. */
export const CORRECTION_CLOCK_GRACE_MS = 60_000

export const CORRECTION_FUTURE = 'The date cannot be in the future'

/**
 * The correction's date as posted: empty for now; a day (`2025-01-05`, a form without
 * script), read as noon UTC but never later than now; or an instant (the panel turns the
 * day the editor picked into one, in the editor's own time zone).
 */
function parseCorrectionDate(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (text === '') return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const noon = new Date(`${text}T12:00:00Z`)
    const today = new Date().toISOString().slice(0, 10)
    // A later day stays in the future, for the rule below to refuse.
    return text > today ? noon : new Date(Math.min(noon.getTime(), Date.now()))
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    return new Date(text)
  }
  return new Date(Number.NaN)
}

export function isFutureCorrectionDate(date: Date, now: number = Date.now()) {
  return date.getTime() > now + CORRECTION_CLOCK_GRACE_MS
}

export const correctionSchema = z.object({
  text: z
    .string({ error: 'Enter the correction' })
    .trim()
    .min(1, 'Enter the correction')
    .max(CORRECTION_TEXT_MAX, `A correction can have at most ${CORRECTION_TEXT_MAX} characters`),
  correctedAt: z.preprocess(
    parseCorrectionDate,
    z
      .date({ error: 'Enter a valid date' })
      .refine((date) => !isFutureCorrectionDate(date), CORRECTION_FUTURE)
      .nullable(),
  ),
})

export type CorrectionInput = z.output<typeof correctionSchema>

/** The corrections panel's posts: add from its form, delete from a row. */
export const correctionActionSchema = z.discriminatedUnion('intent', [
  correctionSchema.extend({ intent: z.literal('add') }),
  z.object({ intent: z.literal('delete'), id: idField('This correction does not exist') }),
])
