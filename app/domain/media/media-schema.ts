import { z } from 'zod'

/** Client-safe facts about uploads, shared by the file inputs and the server checks. */

export type MediaKind = 'image' | 'pdf' | 'font'

/** Contract with the article editor (contracts.md, MediaPicker). */
export type MediaItem = {
  name: string
  url: string
  size: number
  kind: 'image' | 'pdf'
  width?: number
  height?: number
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

const MB = 1024 * 1024

/** ARCHITECTURE "Where we differ" 9: uploads are size-limited. */
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

export function formatMegabytes(bytes: number) {
  return `${(bytes / MB).toFixed(2)} MB`
}

export function tooLargeMessage(kind: MediaKind) {
  const noun = kind === 'image' ? 'Images' : kind === 'pdf' ? 'PDF files' : 'Font files'
  return `The file is too large. ${noun} may be at most ${UPLOAD_LIMITS[kind] / MB} MB.`
}

/** Spec §5 wording for PDFs; the same shape for the other kinds. */
export const WRONG_TYPE_MESSAGE: Record<MediaKind, string> = {
  image: 'Please upload only images (JPEG, PNG, WebP, GIF or AVIF) in this section',
  pdf: 'Please upload only PDF files in this section',
  font: 'Please upload only font files (.ttf, .otf, .woff or .woff2)',
}

export const INVALID_FILE_TYPE = 'Invalid file type'
