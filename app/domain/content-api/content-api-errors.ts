// The Content API's refusals: a stable code a client may branch on, its HTTP status, and a
// sentence for the person reading the log (docs/content-api.md, "Errors").

export const CONTENT_API_ERRORS = {
  invalid_key: 401,
  not_found: 404,
  bad_request: 400,
  rate_limited: 429,
  method_not_allowed: 405,
  internal: 500,
} as const

export type ContentApiErrorCode = keyof typeof CONTENT_API_ERRORS

export class ContentApiError extends Error {
  readonly status: number
  constructor(
    readonly code: ContentApiErrorCode,
    message: string,
    /** Seconds, for a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message)
    this.status = CONTENT_API_ERRORS[code]
  }
}
