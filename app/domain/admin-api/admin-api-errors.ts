// The Admin API's own refusals (docs/admin-api.md, "Errors"): the request itself, before any
// rule of the newsroom is asked. A refusal by the domain (a role that may not publish, an edit
// lock, a conflict) keeps the domain's own stable code instead (STATUS_REFUSED, LOCKED, …).

export const ADMIN_API_ERRORS = {
  invalid_json: 400,
  bad_request: 400,
  invalid_token: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_body: 422,
  rate_limited: 429,
  internal: 500,
} as const

export type AdminApiErrorCode = keyof typeof ADMIN_API_ERRORS

/** Field errors: the body's field (as the API names it) and its messages. */
export type AdminApiFieldErrors = Record<string, string[]>

export class AdminApiError extends Error {
  readonly status: number
  constructor(
    readonly code: AdminApiErrorCode,
    message: string,
    readonly extra: { fields?: AdminApiFieldErrors; retryAfter?: number } = {},
  ) {
    super(message)
    this.status = ADMIN_API_ERRORS[code]
  }
}

/** Requests per token per minute (the limiter and the OpenAPI document say the same). */
export const ADMIN_API_RATE_LIMIT_PER_MINUTE = 120

/** The largest JSON body an article write takes (the server refuses larger forms anyway). */
export const ADMIN_API_JSON_MAX_BYTES = 2 * 1024 * 1024
