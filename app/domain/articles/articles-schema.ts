import { z } from 'zod'
import { hasSlugCharacters, TAG_NAME_NEEDS_LETTERS } from '~/domain/tags/tags-schema'
import { idField } from '~/lib/form-schemas'
import { DEFAULT_TIME_ZONE, fromWallTime } from '~/lib/time-zone'
import { articleAccessFields } from './article-access'
import { META_DESCRIPTION_MAX, SEO_TITLE_MAX } from './article-seo'

// Client-safe: the article form validates with these schemas in the browser, and the server
// validates the same submission again before anything is written.

export const ARTICLE_STATUSES = ['draft', 'review', 'published', 'archived', 'hidden'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

/** docs/product.md §4 labels; "hidden" has no label (it is set from the dashboard). */
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

/** Radix Select items may not have an empty value (docs/product.md §5), so "no category" is this. */
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

/**
 * A featured image is one of our media files (a path) or a web address. Browsers read a
 * backslash as a slash (`/\host` is `//host`, another site) and drop tabs and newlines inside
 * a URL, so a path with any of them is refused rather than guessed at.
 */
export function isImageSource(value: string): boolean {
  if (/[\\\s\p{Cc}]/u.test(value)) return false
  return (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value)
}

/** PostgreSQL's integer, the type of every id column: a larger id names no row. */
export const MAX_RECORD_ID = 2_147_483_647

/**
 * A row id as a form posts it: decimal digits only (not `0x10`, `1e3`, ` 12` or `1.0`, which
 * Number() would accept), within the id column's range, so a hand-made value is a clear 400
 * rather than a database error. Numbers (from code and tests) pass through the same checks.
 */
function recordId(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message),
  )
}

// What the form posts: `Date.toISOString()`, or a date and time typed by hand in the same
// shape. Four-digit years only: `new Date()` also reads "0", "1" or "+275760-09-13" as dates,
// and years PostgreSQL cannot store would fail the save instead of the field.
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i

function isoDateTime(message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      const text = value.trim()
      return ISO_DATE_TIME.test(text) ? new Date(text) : new Date(Number.NaN)
    },
    z.date({ error: message }),
  )
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
  .array(recordId('Invalid tag'))
  .max(TAGS_MAX, `An article can have at most ${TAGS_MAX} tags`)
  .default([])

// Blank names are ignored (docs/product.md §5, "Adding a tag").
const tagNames = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.filter((name) => typeof name !== 'string' || name.trim() !== '')
      : value,
  z
    .array(
      z
        .string()
        .trim()
        .max(TAG_NAME_MAX, `A tag name can have at most ${TAG_NAME_MAX} characters`)
        // The Tags screen's rule: a tag's slug comes from its name.
        .refine(hasSlugCharacters, TAG_NAME_NEEDS_LETTERS),
    )
    .max(TAGS_MAX, `An article can have at most ${TAGS_MAX} tags`)
    .default([]),
)

/** An image of ours (a path) or a web address: the featured and the social image alike. */
const imageSource = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(2000, 'Image address is too long')
    .refine(isImageSource, 'Choose an image from the media library')
    .nullable(),
)

/** A line of text, or null when blank (a search title and description are optional). */
function optionalLine(label: string, max: number) {
  return z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine((text) => !/[\r\n]/.test(text), `${label} must be one line`)
      .nullable(),
  )
}

/** Search and social fields (article-seo.ts): each stands in for the title, excerpt or image. */
export const articleSeoFields = {
  seoTitle: optionalLine('SEO headline', SEO_TITLE_MAX),
  metaDescription: optionalLine('Meta description', META_DESCRIPTION_MAX),
  socialImage: imageSource,
}

/** Bylines after the first an article may carry (issue 40). */
export const CO_AUTHORS_MAX = 9

export const CO_AUTHOR_REFUSED =
  'A chosen co-author is not a member of staff. Choose bylines from the list.'

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
  // docs/product.md §5: a number or null; the select's empty choice becomes null.
  categoryId: z.preprocess(
    (value) => (value === NO_CATEGORY ? null : blankToNull(value)),
    recordId('Choose a category').nullable(),
  ),
  status: z.preprocess(
    (value) => blankToNull(value) ?? 'draft',
    z.enum(ARTICLE_STATUSES, { error: 'Choose a status' }),
  ),
  // An ISO instant (the form converts the local date and time before posting). A future one
  // schedules publication.
  publishedAt: z.preprocess(blankToNull, isoDateTime('Enter a valid date and time').nullable()),
  isFeatured: checkbox,
  featuredImage: imageSource,
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
  // docs/product.md §6: the form value, or else the signed-in user.
  authorId: z.preprocess(blankToNull, z.string().max(100).nullable()),
  // The later bylines in order (issue 40); absent: the stored ones stay (a form without the
  // byline picker, an autosave of someone who may not change them).
  coAuthorIds: z
    .array(z.string().min(1).max(100))
    .max(CO_AUTHORS_MAX, `An article has at most ${CO_AUTHORS_MAX + 1} bylines`)
    .optional(),
  // Who may read it (issue 38): optional, a post without them keeps the stored level.
  ...articleAccessFields,
  ...articleSeoFields,
}

export const articleFormSchema = z.object(articleFields)
export type ArticleInput = z.output<typeof articleFormSchema>
export type ArticleFormFields = keyof typeof articleFields

/** Autosave stores unfinished work: anything goes except an empty title (it names the draft). */
export const articleDraftSchema = z.object({
  ...articleFields,
  // A draft may be body text still looking for its headline (hasDraftText).
  title: z
    .string()
    .trim()
    .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)
    .default(''),
  content: z.string().max(CONTENT_MAX, 'Content is too long').default(''),
})
export type ArticleDraftInput = z.output<typeof articleDraftSchema>

/**
 * Whether a new article has anything worth keeping as a draft: a title or body text. An
 * untouched "New Article" form is no draft (it would only clutter the list).
 */
export function hasDraftText(values: { title: string; content: string }): boolean {
  return values.title.trim() !== '' || !isEmptyEditorHtml(values.content)
}

/** What the form posts besides the article itself. */
export const articleSubmissionSchema = z.object({
  // Set once an autosave has created the draft of a new article: later saves edit that row.
  id: z.preprocess(blankToNull, recordId('Invalid article').nullable()),
  // The article's updated_at when the form was opened (or last saved), for the conflict check.
  expectedUpdatedAt: z.preprocess(
    blankToNull,
    isoDateTime('Invalid article version: reload the page and try again').nullable(),
  ),
  overwrite: checkbox,
})
export type ArticleSubmission = z.output<typeof articleSubmissionSchema>

// A date and time without an offset: a wall-clock time, read in the site's time zone.
const WALL_DATE_TIME = /^\s*(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)\s*$/

/**
 * `publishedAt` as an instant. The form posts one (ISO, with its offset); a date and time
 * without an offset (typed by hand, or a form without JavaScript) is a wall-clock time in the
 * site's time zone, never in the server's own zone. Anything else is left for the schema to
 * read or refuse.
 */
export function publishedAtInstant(value: string | undefined, timeZone: string) {
  const wall = value === undefined ? null : WALL_DATE_TIME.exec(value)
  if (!wall) return value
  // A day or hour that does not exist (February 30, 25:00) is no time at all.
  return fromWallTime(`${wall[1]}T${wall[2]}`, timeZone)?.toISOString() ?? 'not a date'
}

/**
 * The raw values of an article form submission, shaped for the schemas above; a publish time
 * without an offset is read in `timeZone` (the site's setting; UTC when not given).
 */
export function articleFormValues(
  formData: FormData,
  { timeZone = DEFAULT_TIME_ZONE }: { timeZone?: string } = {},
) {
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
    publishedAt: publishedAtInstant(text('publishedAt'), timeZone),
    isFeatured: text('isFeatured'),
    featuredImage: text('featuredImage'),
    tags: list('tags'),
    newTags: list('newTags'),
    hasVideo: text('hasVideo'),
    videoUrl: text('videoUrl'),
    authorId: text('authorId'),
    // The picker always posts an empty first value, so "no co-authors" differs from "no picker".
    coAuthorIds: formData.has('coAuthorIds') ? list('coAuthorIds').filter(Boolean) : undefined,
    access: text('access'),
    accessPlanIds: list('accessPlanIds'),
    freeForNow: text('freeForNow'),
    previewParagraphs: text('previewParagraphs'),
    seoTitle: text('seoTitle'),
    metaDescription: text('metaDescription'),
    socialImage: text('socialImage'),
    id: text('id'),
    expectedUpdatedAt: text('expectedUpdatedAt'),
    overwrite: text('overwrite'),
  }
}

const articleId = idField('Invalid article')

/** The dashboard's and the article list's row actions (the list only deletes). */
export const articleActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.enum(['archive', 'hide', 'show']), id: articleId }),
  z.object({ intent: z.literal('delete'), id: articleId }),
])
export type ArticleAction = z.output<typeof articleActionSchema>['intent']

/** What autosave answers besides `ActionResult`: the draft and its version, or the newer one. */
export interface AutosaveExtra {
  id: number
  updatedAt: string
  /** On CONFLICT: when the stored article was last changed. */
  currentUpdatedAt: string
}

/** What a save refused for a newer version answers besides `ActionResult` (code CONFLICT). */
export interface SaveConflictExtra {
  currentUpdatedAt: string
}
