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
    credit: z
      .string()
      .meta({ description: 'Who made the picture ("" for none), shown as "Photo: …"' }),
    focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).meta({
      description:
        'The point every crop must keep in frame, as fractions of the width and height from the top left ({ x: 0.5, y: 0.5 }: the centre)',
    }),
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

/** A print edition (`/newspapers/{slug}`): what its page and /newspapers show of it. */
export const editionSummarySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    editionDate: z.iso.date().meta({ description: 'The day the edition is dated (YYYY-MM-DD)' }),
    number: z.number().int().nullable(),
    pageCount: z.number().int(),
    membersOnly: z.boolean().meta({
      description: 'Its pages, PDF and text are for members (the cover, title and date are not)',
    }),
    pdfUrl: url.meta({
      description: "The PDF; a members edition's is its route, which asks who reads",
    }),
    cover: z
      .object({ url, width: z.number().int().nullable(), height: z.number().int().nullable() })
      .nullable()
      .meta({ description: 'The first page as an image' }),
    url,
  })
  .meta({ id: 'EditionSummary' })

export const editionSchema = editionSummarySchema
  .extend({
    textLocked: z.boolean().meta({
      description:
        'A members edition asked for by an integration that is not "full text": no page texts',
    }),
    pages: z
      .array(z.object({ number: z.number().int(), text: z.string() }))
      .meta({ description: "Each page's text, in order; empty when `textLocked`" }),
  })
  .meta({ id: 'Edition' })

/** A newsletter issue in the public archive (`/newsletters/{list}/{id}`): sent, or sending. */
export const newsletterIssueSummarySchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    preheader: z.string(),
    sentAt: isoDate.nullable(),
    list: z.object({ slug: z.string(), name: z.string() }),
    url: url.meta({ description: 'Its web version' }),
  })
  .meta({ id: 'NewsletterIssueSummary' })

export const newsletterIssueSchema = newsletterIssueSummarySchema
  .extend({
    html: z.string().meta({ description: "The mail as it was sent (no reader's own links)" }),
    text: z.string().meta({ description: 'Its plain-text part' }),
  })
  .meta({ id: 'NewsletterIssue' })

/** What the site says of itself on every page: never a secret, an address or a mail setting. */
export const siteSchema = z
  .object({
    name: z.string(),
    description: z.string().meta({ description: "The about page's first paragraph" }),
    url,
    locale: z.string().meta({ description: 'The language of its pages (BCP 47)' }),
    timeZone: z.string().meta({ description: 'IANA name: the zone its dates are printed in' }),
    logo: z.object({
      type: z.enum(['text', 'image']),
      text: z.string(),
      imageUrl: url.nullable(),
    }),
    socialLinks: z.array(z.object({ platform: z.string(), url: z.string() })),
  })
  .meta({ id: 'Site' })

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
export const editionListSchema = listOf(editionSummarySchema, 'EditionList', true)
export const editionAnswerSchema = z.object({ data: editionSchema }).meta({ id: 'EditionAnswer' })
export const newsletterIssueListSchema = listOf(
  newsletterIssueSummarySchema,
  'NewsletterIssueList',
  true,
)
export const newsletterIssueAnswerSchema = z
  .object({ data: newsletterIssueSchema })
  .meta({ id: 'NewsletterIssueAnswer' })
export const siteAnswerSchema = z.object({ data: siteSchema }).meta({ id: 'SiteAnswer' })

export type ArticleSummary = z.input<typeof articleSummarySchema>
export type ContentArticle = z.input<typeof articleSchema>
export type EditionSummary = z.input<typeof editionSummarySchema>
export type ContentEdition = z.input<typeof editionSchema>
export type NewsletterIssueSummary = z.input<typeof newsletterIssueSummarySchema>
export type ContentNewsletterIssue = z.input<typeof newsletterIssueSchema>
export type ContentSite = z.input<typeof siteSchema>

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

/** The paging parameters every other paged list takes. */
export const pageQuerySchema = articleListQuerySchema.pick({ limit: true, cursor: true })
export type PageQuery = z.output<typeof pageQuerySchema>

/** `GET /newsletter-issues`'s query parameters. */
export const newsletterIssueListQuerySchema = pageQuerySchema.extend({
  list: z.string().max(200).optional().meta({ description: "A newsletter list's slug" }),
})
export type NewsletterIssueListQuery = z.output<typeof newsletterIssueListQuerySchema>
