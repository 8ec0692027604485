import { z } from 'zod'
import {
  ARTICLE_STATUSES,
  CONTENT_MAX,
  EXCERPT_MAX,
  TAG_NAME_MAX,
  TAGS_MAX,
  TITLE_MAX,
} from '~/domain/articles/articles-schema'

// The Admin API's bodies and answers (docs/admin-api.md), each stated once: the routes read
// bodies with these, the contract tests validate answers with them, and
// /api/admin/v1/openapi.json is generated from them (openapi.ts). Names start with "Admin" so
// they never meet the Content API's in zod's registry. No transforms here: every schema must
// write itself out as JSON Schema. The newsroom's own rules (lengths, a body with text, an
// image of ours) are then checked by the article form's schema, the one the back office uses.

const isoDate = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date and time' })

export const adminApiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({
        description:
          'Stable: the API’s own (invalid_token, insufficient_scope, invalid_body, …) or the newsroom rule’s (STATUS_REFUSED, EDIT_REFUSED, LOCKED, CONFLICT, …)',
      }),
      message: z.string(),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .meta({ description: 'Messages per body field, for invalid_body' }),
    }),
  })
  .meta({ id: 'AdminError' })

const status = z.enum(ARTICLE_STATUSES)

const writable = {
  title: z.string().max(TITLE_MAX),
  html: z
    .string()
    .max(CONTENT_MAX)
    .meta({ description: 'The body as HTML; kept as the editor would keep it (sanitised)' }),
  excerpt: z.string().max(EXCERPT_MAX),
  tags: z
    .array(z.string().max(TAG_NAME_MAX))
    .max(TAGS_MAX)
    .meta({ description: 'Tag names: exactly these, made if new' }),
  categoryId: z.number().int().positive().nullable(),
  featuredImage: z
    .string()
    .max(2000)
    .nullable()
    .meta({ description: 'A media library path (from POST /media) or an http(s) URL' }),
  status: status.meta({
    description:
      'Within what the token owner’s role allows: a contributor writes drafts and submits for review (`review`)',
  }),
  publishedAt: isoDate
    .nullable()
    .meta({ description: 'With status published: when (a future time schedules it)' }),
}

export const adminArticleCreateSchema = z
  .strictObject({
    title: writable.title,
    html: writable.html,
    excerpt: writable.excerpt.optional(),
    tags: writable.tags.optional(),
    categoryId: writable.categoryId.optional(),
    featuredImage: writable.featuredImage.optional(),
    status: writable.status.optional().meta({ description: 'Default: draft' }),
    publishedAt: writable.publishedAt.optional(),
  })
  .meta({ id: 'AdminArticleCreate' })

export const adminArticleUpdateSchema = z
  .strictObject({
    title: writable.title.optional(),
    html: writable.html.optional(),
    excerpt: writable.excerpt.optional(),
    tags: writable.tags.optional(),
    categoryId: writable.categoryId.optional(),
    featuredImage: writable.featuredImage.optional(),
    status: writable.status.optional(),
    publishedAt: writable.publishedAt.optional(),
    expectedUpdatedAt: isoDate.optional().meta({
      description:
        'The `updatedAt` you last read: if someone saved it since, the update is refused (409 CONFLICT) instead of overwriting',
    }),
  })
  .meta({ id: 'AdminArticleUpdate' })

export type AdminArticleCreate = z.output<typeof adminArticleCreateSchema>
export type AdminArticleUpdate = z.output<typeof adminArticleUpdateSchema>

const summaryFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  status,
  excerpt: z.string(),
  categoryId: z.number().int().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  featuredImage: z.string().nullable(),
  authorId: z.string().nullable().meta({ description: 'The first byline' }),
  coAuthorIds: z.array(z.string()).meta({ description: 'The later bylines, in order' }),
  publishedAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate.meta({ description: 'Send back as expectedUpdatedAt to update safely' }),
  editUrl: z.string().meta({ description: 'The article in the back office' }),
}

export const adminArticleSummarySchema = z.object(summaryFields).meta({ id: 'AdminArticleSummary' })

export const adminArticleSchema = z
  .object({ ...summaryFields, html: z.string().meta({ description: 'The body as stored' }) })
  .meta({ id: 'AdminArticle' })

export const adminArticleAnswerSchema = z
  .object({ data: adminArticleSchema })
  .meta({ id: 'AdminArticleAnswer' })

export const adminArticleListSchema = z
  .object({
    data: z.array(adminArticleSummarySchema),
    next: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null on the last' }),
  })
  .meta({ id: 'AdminArticleList' })

export const adminMediaAnswerSchema = z
  .object({
    data: z.object({
      name: z.string(),
      url: z.string().meta({ description: 'The path to use as featuredImage or in an <img>' }),
      size: z.number().int(),
      width: z.number().int().optional(),
      height: z.number().int().optional(),
    }),
  })
  .meta({ id: 'AdminMediaAnswer' })

export const ADMIN_LIST_STATUSES = ['draft', 'review'] as const

export const adminArticleListQuerySchema = z.object({
  status: z
    .enum(ADMIN_LIST_STATUSES)
    .default('draft')
    .meta({ description: 'Unpublished work: draft (default) or review' }),
  mine: z
    .enum(['true', 'false'])
    .default('false')
    .meta({ description: 'true: only articles the token’s owner is a byline of' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Items per page (1–100)' }),
  cursor: z
    .string()
    .regex(/^\d{1,10}$/)
    .optional()
    .meta({ description: 'The `next` of the previous page' }),
})

export type AdminArticleListQuery = z.output<typeof adminArticleListQuerySchema>
