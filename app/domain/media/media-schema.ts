import { z } from 'zod'

/** Client-safe facts about uploads, shared by the file inputs and the server checks. */

export type MediaKind = 'image' | 'pdf' | 'font'

/** Contract with the article editor (contracts.md, MediaPicker). */
export type MediaItem = {
  /** The stored (random) name: the file's key, never shown as its label. */
  name: string
  url: string
  size: number
  kind: 'image' | 'pdf'
  width?: number
  height?: number
  /** The name it was uploaded under: its label (the stored name when none was kept). */
  originalName?: string
  alt?: string
  caption?: string
  /** Who made it, shown as "Photo: …"; '' for none. */
  credit?: string
  /** The point crops keep in frame (fractions from the top left); the centre when unset. */
  focalX?: number
  focalY?: number
  /** When it was uploaded (ISO). */
  uploadedIso?: string
  /** Who uploaded it: a display name, else an e-mail address; null when unknown. */
  uploadedBy?: string | null
}

/** What the library says of an image wherever it appears (a page, a card, NewsArticle.image). */
export interface ImageFacts {
  alt: string
  caption: string
  /** '' for none; shown as "Photo: …" (creditLine). */
  credit: string
  width: number | null
  height: number | null
  /** The focal point (lib/focal-point.ts), the centre unless someone set it. */
  focalX: number
  focalY: number
}

/** How a credit reads under a picture. */
export function creditLine(credit: string) {
  return `Photo: ${credit}`
}

/** The label a library item shows: the name it was uploaded under, else the stored name. */
export function mediaLabel(item: Pick<MediaItem, 'name' | 'originalName'>) {
  return item.originalName || item.name
}

/** What an upload answers with (`/admin/api/media`): the stored file. */
export interface StoredMedia {
  name: string
  url: string
  size: number
  kind: MediaKind
  width?: number
  height?: number
  originalName: string
}

/** The media endpoint's query: which list, which kind of upload, which file to delete. */
export const mediaListKindSchema = z.enum(['image', 'pdf'], { error: 'Unknown kind of media' })
export const uploadKindSchema = z.enum(['image', 'pdf', 'font'], {
  error: 'Unknown kind of media',
})
export const mediaDeleteSchema = z.object({
  kind: mediaListKindSchema,
  name: z.string().min(1),
})

/** The library's search box: trimmed, at most 100 characters ('' lists everything). */
export const mediaSearchSchema = z
  .string()
  .trim()
  .transform((q) => q.slice(0, 100))

export const MEDIA_ALT_MAX = 250
export const MEDIA_CAPTION_MAX = 500
/** A name and an agency ("Jane Doe / Reuters") fit with room to spare; a paragraph does not. */
export const MEDIA_CREDIT_MAX = 120
export const NO_SUCH_FILE = 'There is no such file.'

const storedNameField = z
  .string({ error: NO_SUCH_FILE })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/, NO_SUCH_FILE)

const FOCAL_MESSAGE = 'The focal point must be a fraction between 0 and 1'
const focalField = z.preprocess(
  // A form posts text; an empty field is missing, not 0.
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: FOCAL_MESSAGE })
    .min(0, FOCAL_MESSAGE)
    .max(1, FOCAL_MESSAGE)
    .refine(Number.isFinite, FOCAL_MESSAGE)
    // Thousandths: finer than any screen shows, and the social crop's name holds them.
    .transform((fraction) => Math.round(fraction * 1000) / 1000),
)

/**
 * An image's alt text, caption, credit and focal point as the library's detail dialog edits
 * them. The credit is the name alone: "Photo: " is added where it is shown, so one typed is
 * taken off.
 */
export const mediaDetailsSchema = z.object({
  alt: z
    .string({ error: 'Alt text is required (it may be empty)' })
    .trim()
    .max(MEDIA_ALT_MAX, `Alt text must be at most ${MEDIA_ALT_MAX} characters`),
  caption: z
    .string({ error: 'Caption is required (it may be empty)' })
    .trim()
    .max(MEDIA_CAPTION_MAX, `Caption must be at most ${MEDIA_CAPTION_MAX} characters`),
  // Credit and focal point are left as they are when not posted (a client from before them).
  credit: z
    .string({ error: 'Credit must be text' })
    .transform((credit) =>
      credit
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^photo\s*:\s*/i, ''),
    )
    .pipe(z.string().max(MEDIA_CREDIT_MAX, `Credit must be at most ${MEDIA_CREDIT_MAX} characters`))
    .optional(),
  focalX: focalField.optional(),
  focalY: focalField.optional(),
})
export type MediaDetails = z.output<typeof mediaDetailsSchema>

/** The Media screen's posts: edit an image's words and focal point, or delete it. */
export const mediaActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('update-image'),
    name: storedNameField,
    ...mediaDetailsSchema.shape,
  }),
  z.object({ intent: z.literal('delete-image'), name: storedNameField }),
])

const MB = 1024 * 1024

/** docs/product.md "Where we differ" 9: uploads are size-limited. */
export const UPLOAD_LIMITS: Record<MediaKind, number> = {
  image: 15 * MB,
  pdf: 200 * MB,
  font: 5 * MB,
}

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif', 'avif'] as const
export const FONT_EXTENSIONS = ['ttf', 'otf', 'woff', 'woff2'] as const

/** `accept` attributes: a first filter only; the server checks the content. */
export const ACCEPT: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
  pdf: '.pdf,application/pdf',
  font: '.ttf,.otf,.woff,.woff2',
}

export function tooLargeMessage(kind: MediaKind) {
  const noun = kind === 'image' ? 'Images' : kind === 'pdf' ? 'PDF files' : 'Font files'
  return `The file is too large. ${noun} may be at most ${UPLOAD_LIMITS[kind] / MB} MB.`
}

/** docs/product.md §5 wording for PDFs; the same shape for the other kinds. */
export const WRONG_TYPE_MESSAGE: Record<MediaKind, string> = {
  image: 'Please upload only images (JPEG, PNG, WebP, GIF or AVIF) in this section',
  pdf: 'Please upload only PDF files in this section',
  font: 'Please upload only font files (.ttf, .otf, .woff or .woff2)',
}

export const INVALID_FILE_TYPE = 'Invalid file type'
