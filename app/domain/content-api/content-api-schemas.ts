import { z } from 'zod'
import { ACCESS_LEVELS } from '~/domain/membership/access-level'
import { CONTENT_API_ERRORS, type ContentApiErrorCode } from './content-api-errors'

// The Content API's answers (docs/content-api.md), each stated once: the contract tests
// validate every answer with these, and /api/content/v1/openapi.json is generated from them
// (openapi.server.ts), so the document cannot drift from what the API sends.

const isoDate = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time' })
const url = z.string().meta({ description: 'An absolute URL' })

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(
        Object.keys(CONTENT_API_ERRORS) as [ContentApiErrorCode, ...ContentApiErrorCode[]],
      ),
      message: z.string(),
    }),
  })
  .meta({ id: 'Error' })

export const imageSchema = z
  .object({
    url,
    alt: z.string(),
    caption: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    sizes: z
      .array(z.object({ width: z.number().int(), url }))
      .meta({ description: 'Resized copies (webp), narrowest first; empty for a foreign image' }),
  })
  .meta({ id: 'Image' })

export const categoryRefSchema = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .meta({ id: 'CategoryRef' })

export const tagSchema = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .meta({ id: 'Tag' })

export const bylineSchema = z
  .object({
    name: z.string(),
    username: z.string().nullable(),
    url: url.nullable().meta({ description: 'The author page' }),
  })
  .meta({ id: 'Byline' })

export const correctionSchema = z
  .object({ text: z.string(), correctedAt: isoDate })
  .meta({ id: 'Correction' })

export const liveEntrySchema = z
  .object({
    id: z.number().int(),
    headline: z.string(),
    html: z.string(),
    isKeyEvent: z.boolean(),
    isPinned: z.boolean(),
    publishedAt: isoDate.nullable(),
    updatedAt: isoDate,
    author: z.string().nullable(),
  })
  .meta({ id: 'LiveEntry' })

export const liveSchema = z
  .object({
    state: z.string(),
    summary: z.string(),
    startedAt: isoDate,
    endedAt: isoDate.nullable(),
    entries: z.array(liveEntrySchema).meta({ description: 'Published entries, newest first' }),
    keyEvents: z
      .array(z.number().int())
      .meta({ description: 'Ids of the entries marked key events, newest first' }),
  })
  .meta({ id: 'LiveCoverage' })

/**
 * An article in a list: the fields it shares with content.json's article (docs/export-format.md,
 * written by the same function: articles/article-representation.ts) and what readers see of
 * its category, byline, tags and corrections.
 */
export const articleSummarySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    featuredImage: z.string().nullable(),
    publishedAt: isoDate,
    updatedAt: isoDate,
    revisedAt: isoDate.nullable(),
    categoryId: z.number().int().nullable(),
    wordCount: z.number().int(),
    access: z.enum(ACCESS_LEVELS),
    freeForNow: z.boolean(),
    url,
    image: imageSchema.nullable(),
    category: categoryRefSchema.nullable(),
    author: bylineSchema.nullable().meta({ description: 'Null: no author ("Anonymous")' }),
    bylines: z
      .array(bylineSchema)
      .meta({ description: 'Every byline in order, the first (`author`) included' }),
    tags: z.array(tagSchema),
    corrections: z.array(correctionSchema).meta({ description: 'Newest first' }),
    isLive: z.boolean(),
  })
  .meta({ id: 'ArticleSummary' })

export const articleSchema = articleSummarySchema
  .extend({
    previewOnly: z.boolean().meta({
      description:
        'A story for members given as the page gives it to a reader without access: its preview only',
    }),
    html: z.string().meta({ description: 'The body as sanitised HTML' }),
    text: z.string().meta({ description: 'The body as plain text' }),
    live: liveSchema.nullable(),
  })
  .meta({ id: 'Article' })

export const categorySchema = categoryRefSchema
  .extend({ description: z.string().nullable(), url })
  .meta({ id: 'Category' })

export const tagWithUrlSchema = tagSchema.extend({ url }).meta({ id: 'TagWithUrl' })

export const authorSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    bio: z.string().nullable(),
    jobTitle: z.string().nullable(),
    image: url.nullable(),
    url,
  })
  .meta({ id: 'Author' })

export const pageSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    html: z.string(),
    updatedAt: isoDate.nullable(),
    url,
  })
  .meta({ id: 'Page' })

function listOf<T extends z.ZodType>(item: T, id: string, paged: boolean) {
  return z
    .object({
      data: z.array(item),
      ...(paged
        ? {
            next: z.string().nullable().meta({
              description: 'The cursor of the next page (pass as `cursor`); null on the last page',
            }),
          }
        : {}),
    })
    .meta({ id })
}

export const articleListSchema = listOf(articleSummarySchema, 'ArticleList', true)
export const categoryListSchema = listOf(categorySchema, 'CategoryList', false)
export const tagListSchema = listOf(tagWithUrlSchema, 'TagList', false)
export const authorListSchema = listOf(authorSchema, 'AuthorList', false)
export const pageListSchema = listOf(pageSchema, 'PageList', false)
export const articleAnswerSchema = z.object({ data: articleSchema }).meta({ id: 'ArticleAnswer' })

export type ArticleSummary = z.input<typeof articleSummarySchema>
export type ContentArticle = z.input<typeof articleSchema>

/** The largest page of a list. */
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 20

/** `GET /articles`'s query parameters (besides `key`, `fields`). */
export const articleListQuerySchema = z.object({
  category: z.string().max(200).optional().meta({ description: 'A category slug' }),
  tag: z.string().max(200).optional().meta({ description: 'A tag slug' }),
  author: z.string().max(200).optional().meta({ description: "An author's username" }),
  updated_since: isoDate.optional().meta({ description: 'Only articles changed since then' }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}` })
    .int(`limit must be a whole number from 1 to ${MAX_LIMIT}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_LIMIT}`)
    .max(MAX_LIMIT, `limit must be a whole number from 1 to ${MAX_LIMIT}`)
    .default(DEFAULT_LIMIT),
  cursor: z.string().max(300).optional().meta({ description: 'The `next` of the previous page' }),
})
export type ArticleListQuery = z.output<typeof articleListQuerySchema>
