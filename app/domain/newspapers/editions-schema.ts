import { z } from 'zod'
import { formatCalendarDate } from '~/lib/dates'
import { toWallTime } from '~/lib/time-zone'
import { idField } from '~/lib/form-schemas'

/** Client-safe: what the newsroom says of a print edition, at upload and when editing it. */

export const EDITION_TITLE_MAX = 200
export const EDITION_NUMBER_MAX = 1_000_000

export const EDITION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `The title may be at most ${EDITION_TITLE_MAX} characters`,
  dateRequired: 'Edition date is required',
  date: 'Enter a valid edition date (YYYY-MM-DD)',
  number: 'The number must be a whole number above 0',
  file: 'Choose a PDF file',
  noEdition: 'This edition does not exist',
  access: 'Choose who reads this edition',
} as const

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one), years 1800–9999. */
export function isEditionDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1800 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * Today in the paper's time zone as YYYY-MM-DD: the newsroom's day, whatever zone the
 * browser is in (docs/product.md, "Dates and times").
 */
export function todayIsoDate(now: Date, timeZone: string) {
  return toWallTime(now, timeZone).slice(0, 10)
}

/** The calendar day after `isoDate` (YYYY-MM-DD). */
export function nextIsoDate(isoDate: string) {
  const [year, month, day] = isoDate.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10)
}

type PastEdition = Pick<AdminEdition, 'title' | 'editionDate' | 'number'>

/** The newest edition by date (then by number): the one the next follows. */
function newestOf(editions: readonly PastEdition[]) {
  return editions.reduce<PastEdition | null>(
    (newest, e) =>
      !newest ||
      e.editionDate > newest.editionDate ||
      (e.editionDate === newest.editionDate && (e.number ?? 0) > (newest.number ?? 0))
        ? e
        : newest,
    null,
  )
}

/**
 * What the upload form proposes, as a desk expects it: the next edition. Its date is today in
 * the paper's zone, or the day after the newest edition when that one is today's or later (the
 * desk uploading tomorrow's paper tonight); its number follows the newest one's; its title is
 * the newest one's with the date changed (editionTitleFor).
 */
export function nextEditionDefaults(editions: readonly PastEdition[], today: string) {
  const newest = newestOf(editions)
  return {
    editionDate: newest && newest.editionDate >= today ? nextIsoDate(newest.editionDate) : today,
    number: newest?.number ? String(newest.number + 1) : '',
  }
}

/**
 * The title proposed for an edition of `editionDate`: the newest edition's title with its date
 * swapped ("The Broadsheet, May 1, 2026" → "The Broadsheet, May 2, 2026"); when it does not end
 * in its date, or there is none, "<site name>, <date>" (the demo editions' style).
 */
export function editionTitleFor(
  editionDate: string,
  { siteName, editions }: { siteName: string; editions: readonly PastEdition[] },
) {
  const date = isEditionDate(editionDate) ? formatEditionDate(editionDate) : ''
  const newest = newestOf(editions)
  const newestDate = newest ? formatEditionDate(newest.editionDate) : ''
  if (newest && newestDate && newest.title.endsWith(newestDate)) {
    return date ? newest.title.slice(0, -newestDate.length) + date : newest.title
  }
  return date ? `${siteName}, ${date}` : siteName
}

/**
 * "2026-05-01" → "May 1, 2026": a calendar day, never shifted by a zone, worded as the site
 * words every date (lib/dates.ts).
 */
export function formatEditionDate(value: string) {
  return formatCalendarDate(value)
}

/** Title, edition date and (optional) number: the upload's query string and the edit form. */
export const editionMetaSchema = z.object({
  title: z
    .string({ error: EDITION_MESSAGES.titleRequired })
    .trim()
    .min(1, EDITION_MESSAGES.titleRequired)
    .max(EDITION_TITLE_MAX, EDITION_MESSAGES.titleTooLong),
  editionDate: z
    .string({ error: EDITION_MESSAGES.dateRequired })
    .trim()
    .min(1, EDITION_MESSAGES.dateRequired)
    .refine((value) => value === '' || isEditionDate(value), EDITION_MESSAGES.date),
  number: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) =>
        !value ||
        (/^\d{1,7}$/.test(value) && Number(value) > 0 && Number(value) <= EDITION_NUMBER_MAX),
      EDITION_MESSAGES.number,
    )
    .transform((value) => (value ? Number(value) : null)),
  /**
   * Who reads its pages, PDF and text (issue 38): 'site' follows the site's setting for
   * editions (null); 'everyone' or 'members' is this edition's own; left out, it stays as it is.
   */
  access: z
    .enum(['site', 'everyone', 'members'], { error: EDITION_MESSAGES.access })
    .optional()
    .transform((value) => (value === 'site' ? null : value)),
})

export type EditionMeta = z.output<typeof editionMetaSchema>
/** An edition's description as the code gives it (access left out: as it is, or the site's). */
export type EditionValues = Omit<EditionMeta, 'access'> & { access?: EditionMeta['access'] }

/** The choices of an edition's "Who reads it", the site's setting first. */
export const EDITION_ACCESS_CHOICES = [
  ['site', 'As the site’s setting'],
  ['everyone', 'Everyone'],
  ['members', 'Members'],
] as const

/** The upload form in the browser: the same fields and the chosen file. */
export const editionUploadFormSchema = editionMetaSchema.extend({
  file: z.custom<File>(
    (value) => typeof File !== 'undefined' && value instanceof File && value.size > 0,
    EDITION_MESSAGES.file,
  ),
})

export const editionIdSchema = idField(EDITION_MESSAGES.noEdition)
const editionId = editionIdSchema

/** The edition endpoint's form posts (the upload itself is a multipart POST without intent). */
export const editionActionSchema = z.discriminatedUnion('intent', [
  editionMetaSchema.extend({ intent: z.literal('update'), id: editionId }),
  z.object({ intent: z.literal('delete'), id: editionId }),
])

/**
 * 'processing' while its pages are read (outside the server's process), then 'ready' (public)
 * or 'failed' (the PDF is removed; `failure` says why and what to do).
 */
export type EditionStatus = 'processing' | 'ready' | 'failed'

/** An edition as the back office lists it. */
export interface AdminEdition {
  id: number
  slug: string
  title: string
  editionDate: string
  number: number | null
  pageCount: number
  size: number
  pdfUrl: string
  coverUrl: string | null
  coverWidth: number | null
  coverHeight: number | null
  status: EditionStatus
  failure: string | null
  createdAt: string
  /** Its own access (null: it follows the site's setting), and whether it is for members now. */
  access: 'everyone' | 'members' | null
  membersOnly: boolean
}

export const EDITIONS_API = '/admin/api/editions'
