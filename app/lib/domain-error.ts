/**
 * The one base of every rule the domain refuses: a stable `code` that code may branch on, the
 * HTTP status it means, the form field it concerns (if any), and a message written to be shown
 * to the person who asked, and, for a limit, how many seconds to wait (`retryAfter`, sent as
 * Retry-After). Anything thrown that is not a DomainError is unexpected: the route
 * boundary logs it and answers 500 with a generic sentence (`+shared/action-results.server.ts`).
 */
export interface DomainErrorOptions {
  field?: string
  cause?: unknown
  /** Seconds until the same request may succeed (a rate limit's 429). */
  retryAfter?: number
}

export class DomainError<Code extends string = string> extends Error {
  readonly code: Code
  readonly status: number
  readonly field?: string
  readonly retryAfter?: number

  constructor(code: Code, status: number, message: string, options: DomainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = status
    this.field = options.field
    this.retryAfter = options.retryAfter
  }
}

/**
 * An area's error class, with each of its codes mapped to the HTTP status it means, once,
 * where the errors are thrown:
 *
 *   export class CategoryError extends domainErrors('CategoryError', {
 *     NOT_FOUND: 404,
 *     INVALID_SLUG: 400,
 *   }) {}
 *   throw new CategoryError('INVALID_SLUG', 'Slug must contain letters or numbers', { field: 'slug' })
 */
export function domainErrors<const Statuses extends Record<string, number>>(
  name: string,
  statuses: Statuses,
) {
  type Code = Extract<keyof Statuses, string>
  return class AreaError extends DomainError<Code> {
    static readonly statuses: Statuses = statuses
    constructor(code: Code, message: string, options?: DomainErrorOptions) {
      super(code, statuses[code], message, options)
      this.name = name
    }
  }
}
