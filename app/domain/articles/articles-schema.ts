import { z } from 'zod'

// Client-safe: the article form validates with these schemas in the browser, and the server
// validates the same submission again before anything is written.

export const ARTICLE_STATUSES = ['draft', 'review', 'published', 'archived', 'hidden'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

/** Spec §4 labels; "hidden" has no label in the spec (it is set from the dashboard). */
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Save as a draft',
  review: 'Submit for review',
  published: 'Make public',
  archived: 'Move to archives',
  hidden: 'Hidden',
}

/** Short names for badges and filters. */
export const ARTICLE_STATUS_NAMES: Record<ArticleStatus, string> = {
  draft: 'Draft',
  review: 'Review',
  published: 'Published',
  archived: 'Archived',
  hidden: 'Hidden',
}

export function isArticleStatus(value: unknown): value is ArticleStatus {
  return typeof value === 'string' && (ARTICLE_STATUSES as readonly string[]).includes(value)
}

/** Radix Select items may not have an empty value (spec §5), so "no category" is this. */
export const NO_CATEGORY = 'none'

export const TITLE_MAX = 300
export const EXCERPT_MAX = 1000
export const TAG_NAME_MAX = 60
export const TAGS_MAX = 50
/** Far above any real article; the server's body limit is the hard stop. */
export const CONTENT_MAX = 2_000_000

/**
 * True when the editor HTML has nothing a reader would see. The editor's empty document is
 * `<p></p>`, and an article of empty paragraphs and spaces is just as empty; an image alone is
 * content.
 */
export function isEmptyEditorHtml(html: string): boolean {
  if (/<(?:img|hr)\b/i.test(html)) return false
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim()
  return text === ''
}

/** Links and video URLs are web addresses only: they end up in src and href attributes. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** A featured image is one of our media files (a path) or a web address. */
export function isImageSource(value: string): boolean {
  return (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value)
}

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? null
    : value

// A checkbox posts "on" (or our hidden inputs "true") when ticked and nothing otherwise.
const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.boolean(),
)

const tagIds = z
  .array(z.coerce.number().int().positive('Invalid tag'))
  .max(TAGS_MAX, `An article can have at most ${TAGS_MAX} tags`)
  .default([])

// Blank names are ignored (spec §5, "Adding a tag").
const tagNames = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.filter((name) => typeof name !== 'string' || name.trim() !== '')
      : value,
  z
    .array(
      z.string().trim().max(TAG_NAME_MAX, `A tag name can have at most ${TAG_NAME_MAX} characters`),
    )
    .max(TAGS_MAX, `An article can have at most ${TAGS_MAX} tags`)
    .default([]),
)

const articleFields = {
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  excerpt: z.preprocess(
    (value) => value ?? '',
    z.string().trim().max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`),
  ),
  content: z
    .string({ error: 'Content is required' })
    .max(CONTENT_MAX, 'Content is too long')
    .refine((html) => !isEmptyEditorHtml(html), 'Content is required'),
  // Spec §5: a number or null; the select's empty choice becomes null.
  categoryId: z.preprocess(
    (value) => (value === NO_CATEGORY ? null : blankToNull(value)),
    z.coerce.number().int('Choose a category').positive('Choose a category').nullable(),
  ),
  status: z.preprocess(
    (value) => blankToNull(value) ?? 'draft',
    z.enum(ARTICLE_STATUSES, { error: 'Choose a status' }),
  ),
  // An ISO instant (the form converts the local date and time before posting). A future one
  // schedules publication.
  publishedAt: z.preprocess(
    blankToNull,
    z.coerce.date({ error: 'Enter a valid date and time' }).nullable(),
  ),
  isFeatured: checkbox,
  featuredImage: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, 'Image address is too long')
      .refine(isImageSource, 'Choose an image from the media library')
      .nullable(),
  ),
  tags: tagIds,
  newTags: tagNames,
  hasVideo: checkbox,
  videoUrl: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, 'Video URL is too long')
      .refine(isHttpUrl, 'Enter a valid video URL starting with http:// or https://')
      .nullable(),
  ),
  // Spec §6: the form value, or else the signed-in user.
  authorId: z.preprocess(blankToNull, z.string().max(100).nullable()),
}

export const articleFormSchema = z.object(articleFields)
export type ArticleInput = z.output<typeof articleFormSchema>
export type ArticleFormFields = keyof typeof articleFields

/** Autosave stores unfinished work: anything goes except an empty title (it names the draft). */
export const articleDraftSchema = z.object({
  ...articleFields,
  content: z.string().max(CONTENT_MAX, 'Content is too long').default(''),
})
export type ArticleDraftInput = z.output<typeof articleDraftSchema>

/** What the form posts besides the article itself. */
export const articleSubmissionSchema = z.object({
  // Set once an autosave has created the draft of a new article: later saves edit that row.
  id: z.preprocess(blankToNull, z.coerce.number().int().positive().nullable()),
  // The article's updated_at when the form was opened (or last saved), for the conflict check.
  expectedUpdatedAt: z.preprocess(blankToNull, z.coerce.date().nullable()),
  overwrite: checkbox,
})
export type ArticleSubmission = z.output<typeof articleSubmissionSchema>

/** The raw values of an article form submission, shaped for the schemas above. */
export function articleFormValues(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const list = (name: string) =>
    formData.getAll(name).filter((value): value is string => typeof value === 'string')
  return {
    title: text('title'),
    excerpt: text('excerpt'),
    content: text('content'),
    categoryId: text('categoryId'),
    status: text('status'),
    publishedAt: text('publishedAt'),
    isFeatured: text('isFeatured'),
    featuredImage: text('featuredImage'),
    tags: list('tags'),
    newTags: list('newTags'),
    hasVideo: text('hasVideo'),
    videoUrl: text('videoUrl'),
    authorId: text('authorId'),
    id: text('id'),
    expectedUpdatedAt: text('expectedUpdatedAt'),
    overwrite: text('overwrite'),
  }
}

export type FieldErrors = Partial<Record<ArticleFormFields, string[]>>

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return z.flattenError(error).fieldErrors as FieldErrors
}

/** Dashboard and list row actions. */
export const ARTICLE_ACTIONS = ['archive', 'hide', 'show', 'delete'] as const
export type ArticleAction = (typeof ARTICLE_ACTIONS)[number]

export const articleActionSchema = z.object({
  intent: z.enum(ARTICLE_ACTIONS, { error: 'Unknown action' }),
  id: z.coerce.number({ error: 'Invalid article' }).int().positive('Invalid article'),
})
