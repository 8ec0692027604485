import { z } from 'zod'

// Client-safe: the profile's "API tokens" form validates with these in the browser, and the
// profile's action validates the same post again (docs/admin-api.md).

/**
 * What a token may do (each call also needs the owner's role to allow it):
 * - `drafts:read`: list the owner's drafts (or everyone's, per role) and read one article;
 * - `articles:write`: create and update articles;
 * - `media:upload`: upload images to the media library.
 */
export const API_TOKEN_SCOPES = ['drafts:read', 'articles:write', 'media:upload'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'drafts:read': 'Read drafts',
  'articles:write': 'Write articles',
  'media:upload': 'Upload media',
}

/** The form's checkbox for each scope (a checkbox posts "on" when ticked, nothing otherwise). */
export const API_TOKEN_SCOPE_FIELDS = {
  'drafts:read': 'scopeDraftsRead',
  'articles:write': 'scopeArticlesWrite',
  'media:upload': 'scopeMediaUpload',
} as const satisfies Record<ApiTokenScope, string>

/** Days a new token lives; "never" only if its owner chooses so. */
export const API_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const
export type ApiTokenExpiry = (typeof API_TOKEN_EXPIRIES)[number]
export const API_TOKEN_DEFAULT_EXPIRY: ApiTokenExpiry = '90'
export const API_TOKEN_EXPIRY_LABELS: Record<ApiTokenExpiry, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': 'One year',
  never: 'Never',
}

export const API_TOKEN_NAME_MAX = 60
/** Live (neither revoked nor expired) tokens one person may hold. */
export const API_TOKENS_MAX = 10

const ticked = z.preprocess((value) => value === 'on' || value === 'true', z.boolean())

/** The scopes the form's ticked boxes give. */
export function scopesOf(
  ticks: Record<(typeof API_TOKEN_SCOPE_FIELDS)[ApiTokenScope], boolean>,
): ApiTokenScope[] {
  return API_TOKEN_SCOPES.filter((scope) => ticks[API_TOKEN_SCOPE_FIELDS[scope]])
}

/** "Create token" (an object, so the profile's union of posts can hold it). */
export const createApiTokenSchema = z
  .object({
    intent: z.literal('create-token'),
    tokenName: z
      .string({ error: 'Name the token' })
      .trim()
      .min(1, 'Name the token')
      .max(API_TOKEN_NAME_MAX, `Keep the name within ${API_TOKEN_NAME_MAX} characters`),
    expiresIn: z.enum(API_TOKEN_EXPIRIES, { error: 'Choose when the token expires' }),
    scopeDraftsRead: ticked,
    scopeArticlesWrite: ticked,
    scopeMediaUpload: ticked,
  })
  .superRefine((fields, ctx) => {
    if (scopesOf(fields).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['scopes'],
        message: 'Choose at least one thing the token may do',
      })
    }
  })

export type CreateApiTokenInput = z.output<typeof createApiTokenSchema>

export const revokeApiTokenSchema = z.object({
  intent: z.literal('revoke-token'),
  tokenId: z.coerce
    .number({ error: 'This token no longer exists' })
    .int()
    .positive()
    .max(2_147_483_647),
})

/** When a token made at `now` with `expiresIn` expires (null: never). */
export function tokenExpiry(expiresIn: ApiTokenExpiry, now: Date): Date | null {
  if (expiresIn === 'never') return null
  return new Date(now.getTime() + Number(expiresIn) * 24 * 60 * 60 * 1000)
}

/** A token as the profile lists it. */
export interface ApiTokenListItem {
  id: number
  name: string
  scopes: ApiTokenScope[]
  tokenPrefix: string
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
}
