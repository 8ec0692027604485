import type { z } from 'zod'
import {
  ADMIN_API_JSON_MAX_BYTES,
  ADMIN_API_RATE_LIMIT_PER_MINUTE,
  AdminApiError,
  type AdminApiErrorCode,
  type AdminApiFieldErrors,
} from '~/domain/admin-api/admin-api-errors'
import type { ApiTokenScope } from '~/domain/api-tokens/api-tokens-schema'
import { authenticateStaffToken, type TokenHolder } from '~/domain/api-tokens/api-tokens.server'
import { DomainError } from '~/domain/domain-error'
import { getEnv } from '~/infra/env.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { logger } from '~/infra/logger.server'
import { consumeRateLimit, type RateLimitRule } from '~/infra/rate-limit.server'

/*
 * What every /api/admin/v1 route does around its work (docs/admin-api.md): the staff token
 * (`Authorization: Bearer bst_…`, nothing else: a signed-in browser's cookie opens nothing
 * here, so no page on another site can ride on it), the owner's current role, the token's
 * scope, the per-token rate limit, JSON bodies read within a limit, and JSON errors
 * `{ error: { code, message, fields? } }` — the API's own codes, or the newsroom rule's.
 */

export const ADMIN_API_RATE_LIMIT: RateLimitRule = {
  window: 60,
  max: ADMIN_API_RATE_LIMIT_PER_MINUTE,
}

/** The limiter's bucket for one token (tests fill it to see the 429). */
export function adminApiRateLimitKey(tokenId: number) {
  return `admin-api:${tokenId}`
}

const REFUSED_TOKEN: Record<string, string> = {
  unknown: 'This token is unknown.',
  revoked: 'This token was revoked.',
  expired: 'This token has expired.',
  account: 'The account this token belongs to cannot sign in.',
}

/** A domain refusal's status on the API: an edit lock held by someone else is a conflict. */
function domainStatus(error: DomainError): number {
  if (error.code === 'LOCKED') return 409
  // A body that sanitises down to nothing is a body the API could not accept.
  if (error.code === 'EMPTY_CONTENT') return 422
  return error.status
}

const API_FIELD: Record<string, string> = { content: 'html', newTags: 'tags' }

function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: { fields?: AdminApiFieldErrors; retryAfter?: number } = {},
) {
  return Response.json(
    { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } },
    {
      status,
      headers: {
        'Cache-Control': PRIVATE_NO_STORE,
        ...(status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
        ...(extra.retryAfter ? { 'Retry-After': String(extra.retryAfter) } : {}),
      },
    },
  )
}

export function adminApiError(code: AdminApiErrorCode, message: string) {
  const error = new AdminApiError(code, message)
  return errorResponse(error.status, code, message)
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization')
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return bearer ? bearer[1] : null
}

/** The token's holder, or the refusal: 401 for the token, 403 for its owner's role. */
async function holderOf(request: Request): Promise<TokenHolder> {
  const token = bearerOf(request)
  if (!token) {
    throw new AdminApiError(
      'invalid_token',
      'Send a staff token as Authorization: Bearer bst_… (a signed-in session does not open this API).',
    )
  }
  const check = await authenticateStaffToken(token)
  if (check.ok) return check.holder
  if (check.reason === 'role') {
    throw new AdminApiError('forbidden', 'The role of this token’s owner no longer allows the API.')
  }
  throw new AdminApiError('invalid_token', REFUSED_TOKEN[check.reason])
}

export interface AdminApiContext {
  holder: TokenHolder
  siteUrl: string
}

/**
 * Runs one Admin API call: checks the token, the scope and the rate limit, then `work`, and
 * answers its `{ status, body }` as JSON; every refusal as the JSON error. Unexpected failures
 * are logged and answered 500 with a generic sentence.
 */
export async function adminApiCall(
  request: Request,
  scope: ApiTokenScope,
  work: (context: AdminApiContext) => Promise<{ status?: number; body: unknown }>,
): Promise<Response> {
  try {
    const holder = await holderOf(request)
    const limit = await consumeRateLimit(adminApiRateLimitKey(holder.tokenId), ADMIN_API_RATE_LIMIT)
    if (limit.limited) {
      throw new AdminApiError(
        'rate_limited',
        `More than ${ADMIN_API_RATE_LIMIT.max} requests a minute with this token; try again in ${limit.retryAfter} s.`,
        { retryAfter: limit.retryAfter },
      )
    }
    if (!holder.scopes.includes(scope)) {
      throw new AdminApiError('insufficient_scope', `This token was not given the ${scope} scope.`)
    }
    const { status = 200, body } = await work({ holder, siteUrl: getEnv().siteUrl })
    return Response.json(body, { status, headers: { 'Cache-Control': PRIVATE_NO_STORE } })
  } catch (error) {
    if (error instanceof AdminApiError) {
      return errorResponse(error.status, error.code, error.message, error.extra)
    }
    if (error instanceof DomainError) {
      const fields = error.field
        ? { [API_FIELD[error.field] ?? error.field]: [error.message] }
        : undefined
      return errorResponse(domainStatus(error), error.code, error.message, {
        fields,
        retryAfter: error.retryAfter,
      })
    }
    logger.error({ err: error, url: request.url }, 'admin api failed')
    return errorResponse(500, 'internal', 'Something went wrong on our side.')
  }
}

/**
 * The request's JSON body read with `schema`: 415 unless it says JSON, 413 past the limit
 * (counted as it arrives, whatever Content-Length claims), 400 for JSON that does not parse,
 * 422 naming each field the schema refuses.
 */
export async function readJsonBody<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.output<T>> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (!/^application\/(?:[\w.+-]+\+)?json\b/.test(type)) {
    throw new AdminApiError('unsupported_media_type', 'Send the body as application/json.')
  }
  const tooLarge = () =>
    new AdminApiError(
      'payload_too_large',
      `The body is larger than ${ADMIN_API_JSON_MAX_BYTES / 1024 / 1024} MiB.`,
    )
  if (Number(request.headers.get('content-length') ?? 0) > ADMIN_API_JSON_MAX_BYTES) {
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > ADMIN_API_JSON_MAX_BYTES) {
        await reader.cancel()
        throw tooLarge()
      }
      chunks.push(value)
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)))
  } catch {
    throw new AdminApiError('invalid_json', 'The body is not valid JSON.')
  }
  const result = schema.safeParse(parsed)
  if (result.success) return result.data
  const fields: AdminApiFieldErrors = {}
  for (const issue of result.error.issues) {
    const name = issue.path.length ? issue.path.join('.') : 'body'
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown fields: ${issue.keys.join(', ')}`
        : issue.message
    ;(fields[name] ??= []).push(message)
  }
  throw new AdminApiError('invalid_body', 'Some fields are not valid.', { fields })
}

/** The query read with `schema`: a bad parameter is a 400 naming it. */
export function readQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new AdminApiError('bad_request', `${issue.path.join('.') || 'query'}: ${issue.message}`)
}

/** An article id from the path: anything but digits names no article. */
export function articleIdOf(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param) || Number(param) === 0) {
    throw new AdminApiError('not_found', 'No article has this id.')
  }
  return Number(param)
}

/** A method the route does not answer. */
export function methodNotAllowed(allow: string) {
  const refused = adminApiError('method_not_allowed', `Use ${allow}.`)
  refused.headers.set('Allow', allow)
  return refused
}
