import { z } from 'zod'
import { ACCESS_LEVELS, isAccessLevel, type AccessLevel } from '~/domain/membership/access-level'

// An article's access level as the newsroom sets it (issue 38): who may read it, which plans
// open a members story, "free for now", and how many paragraphs stand before the wall. The
// publishing panel, the save, the field rules, revisions and the export all speak this one
// shape. Client-safe: the form validates with these fields in the browser too.

/** The most paragraphs an editor may show before the wall (the column's check says the same). */
export const PREVIEW_PARAGRAPHS_MAX = 50

export const ACCESS_MESSAGES = {
  access: 'Choose who may read this article',
  plan: 'Choose plans from the list',
  preview: `Paragraphs before the wall must be a whole number from 0 to ${PREVIEW_PARAGRAPHS_MAX}, or left empty for the site’s default`,
} as const

/** What an article asks of its reader, as stored on the article (and in its revisions). */
export interface ArticleAccessState {
  access: AccessLevel
  /** For a members story, the plans that open it; empty: any paid plan. */
  accessPlanIds: number[]
  freeForNow: boolean
  /** Null: the site's default. */
  previewParagraphs: number | null
}

/** What a new article in a category with this default starts with. */
export function defaultAccessState(level: AccessLevel): ArticleAccessState {
  return { access: level, accessPlanIds: [], freeForNow: false, previewParagraphs: null }
}

/**
 * The state as it is stored: plans and "free for now" mean something for a members story
 * only, and a plan named twice is named once, in order.
 */
export function normalizeAccess(state: ArticleAccessState): ArticleAccessState {
  const members = state.access === 'members'
  return {
    access: state.access,
    accessPlanIds: members ? [...new Set(state.accessPlanIds)].sort((a, b) => a - b) : [],
    freeForNow: members && state.freeForNow,
    previewParagraphs: state.previewParagraphs,
  }
}

export function sameAccess(a: ArticleAccessState, b: ArticleAccessState): boolean {
  const x = normalizeAccess(a)
  const y = normalizeAccess(b)
  return (
    x.access === y.access &&
    x.freeForNow === y.freeForNow &&
    x.previewParagraphs === y.previewParagraphs &&
    x.accessPlanIds.length === y.accessPlanIds.length &&
    x.accessPlanIds.every((id, index) => id === y.accessPlanIds[index])
  )
}

/** A stored value read back (a text column, an export's JSON): anything unknown is everyone. */
export function accessLevelOf(value: unknown): AccessLevel {
  return isAccessLevel(value) ? value : 'everyone'
}

/** A plan id as a checkbox posts it: plain digits within the id column's range. */
const planId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
  z
    .number({ error: ACCESS_MESSAGES.plan })
    .int(ACCESS_MESSAGES.plan)
    .positive(ACCESS_MESSAGES.plan)
    .max(2_147_483_647, ACCESS_MESSAGES.plan),
)

/**
 * The form's access fields. All optional: a post without `access` (a hand-made one, a
 * revision restore) leaves the stored level alone, and a new article then takes its
 * category's default. `previewParagraphs` left empty is null (the site's default).
 */
export const articleAccessFields = {
  access: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(ACCESS_LEVELS, { error: ACCESS_MESSAGES.access }).optional(),
  ),
  accessPlanIds: z.array(planId).max(100, ACCESS_MESSAGES.plan).optional(),
  freeForNow: z.preprocess(
    (value) =>
      value === undefined ? undefined : value === true || value === 'on' || value === 'true',
    z.boolean().optional(),
  ),
  previewParagraphs: z.preprocess(
    (value) => {
      if (value === undefined || value === null) return value
      if (typeof value !== 'string') return value
      const text = value.trim()
      if (text === '') return null
      return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN
    },
    z
      .number({ error: ACCESS_MESSAGES.preview })
      .int(ACCESS_MESSAGES.preview)
      .min(0, ACCESS_MESSAGES.preview)
      .max(PREVIEW_PARAGRAPHS_MAX, ACCESS_MESSAGES.preview)
      .nullable()
      .optional(),
  ),
}

/** The access a save writes: the posted one, or null when the post named none (keep it). */
export function postedAccess(input: {
  access?: AccessLevel
  accessPlanIds?: number[]
  freeForNow?: boolean
  previewParagraphs?: number | null
}): ArticleAccessState | null {
  if (input.access === undefined) return null
  return normalizeAccess({
    access: input.access,
    accessPlanIds: input.accessPlanIds ?? [],
    freeForNow: input.freeForNow ?? false,
    previewParagraphs: input.previewParagraphs ?? null,
  })
}

/** The access level a revision kept, or null for one saved before access levels existed. */
export function revisionAccess(revision: {
  access: string | null
  accessPlanIds: number[] | null
  freeForNow: boolean | null
  previewParagraphs: number | null
}): ArticleAccessState | null {
  if (revision.access === null) return null
  return {
    access: accessLevelOf(revision.access),
    accessPlanIds: revision.accessPlanIds ?? [],
    freeForNow: revision.freeForNow ?? false,
    previewParagraphs: revision.previewParagraphs,
  }
}
