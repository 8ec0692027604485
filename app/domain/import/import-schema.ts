import { z } from 'zod'

// The Import screen's posts and the upload endpoint's query (client-safe).

export const IMPORT_LIMITS = {
  /** A WordPress export of a large archive runs to hundreds of MB; it is read as a stream. */
  export: 1024 * 1024 * 1024,
  images: 4 * 1024 * 1024 * 1024,
} as const

export const pagesAsSchema = z.enum(['articles', 'static'])

export const importUploadSchema = z.discriminatedUnion('part', [
  z.object({
    part: z.literal('export'),
    pagesAs: pagesAsSchema.default('articles'),
    siteUrl: z
      .string()
      .trim()
      .max(500)
      .refine(
        (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
        'Enter the old site’s address, e.g. https://example.com',
      )
      .default(''),
  }),
  z.object({ part: z.literal('images'), job: z.coerce.number().int().positive() }),
])

export const importActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('start'),
    job: z.coerce.number().int().positive(),
    /** "Fetch images from the old site": a checkbox, sent as `on` when ticked. */
    fetchImages: z
      .string()
      .optional()
      .transform((v) => v === 'on' || v === 'true'),
  }),
  z.object({ intent: z.literal('discard'), job: z.coerce.number().int().positive() }),
])

export type ImportJobStatus = 'analysed' | 'queued' | 'running' | 'done' | 'failed'
