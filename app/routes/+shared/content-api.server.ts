import type { z } from 'zod'
import { ContentApiError, type ContentApiErrorCode } from '~/domain/content-api/content-api-errors'
import type { ContentReader } from '~/domain/content-api/content-api.server'
import { authenticateContentKey } from '~/domain/integrations/integrations.server'
import { CONTENT_API_RATE_LIMIT_PER_MINUTE } from '~/domain/content-api/content-api-limits'
import { getEnv } from '~/infra/env.server'
import { etagMatches, PRIVATE_NO_STORE, weakEtag } from '~/infra/http-cache.server'
import { logger } from '~/infra/logger.server'
import { consumeRateLimit, type RateLimitRule } from '~/infra/rate-limit.server'

/*
 * What every /api/content/v1 route does around its read (docs/content-api.md): the key
 * (`?key=`, or `Authorization: Bearer`), the per-key rate limit, `fields=`, the ETag and its
 * 304, Cache-Control, CORS, and JSON errors `{ error: { code, message } }`.
 */

/** Requests per key per minute (the database-kept limiter every instance shares). */
export const CONTENT_API_RATE_LIMIT: RateLimitRule = {
  window: 60,
  max: CONTENT_API_RATE_LIMIT_PER_MINUTE,
}

/** The limiter's bucket for one integration (tests fill it to see the 429). */
export function contentApiRateLimitKey(integrationId: number) {
  return `content-api:${integrationId}`
}

/**
 * A CDN may keep an answer whose address carries the key (`?key=`: the key is part of what
 * it keeps it under) for a minute, and the purge drops it sooner (Surrogate-Key, from the
 * keys the read noted). An answer to a key sent in a header, or to a "full text" integration,
 * is no one else's: no shared cache keeps it.
 */
const PUBLIC_API_CACHE = 'public, max-age=60, s-maxage=60'

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag, Retry-After',
  'Access-Control-Max-Age': '86400',
} as const

export function apiError(code: ContentApiErrorCode, message: string, retryAfter?: number) {
  return errorResponse(new ContentApiError(code, message, retryAfter))
}

function errorResponse(error: ContentApiError) {
  return Response.json(
    { error: { code: error.code, message: error.message } },
    {
      status: error.status,
      headers: {
        ...CORS_HEADERS,
        'Cache-Control': PRIVATE_NO_STORE,
        ...(error.code === 'invalid_key' ? { 'WWW-Authenticate': 'Bearer' } : {}),
        ...(error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}),
      },
    },
  )
}

/** The key a request carries, and whether it came in the address. */
function keyOf(request: Request): { key: string; inAddress: boolean } | null {
  const fromQuery = new URL(request.url).searchParams.get('key')
  if (fromQuery) return { key: fromQuery, inAddress: true }
  const header = request.headers.get('authorization')
  const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return bearer ? { key: bearer[1], inAddress: false } : null
}

/** The top-level fields `fields=` keeps, checked against what the answer's items have. */
function fieldsOf(request: Request, known: readonly string[]): string[] | null {
  const raw = new URL(request.url).searchParams.get('fields')
  if (raw === null) return null
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
  const unknown = fields.filter((f) => !known.includes(f))
  if (fields.length === 0 || unknown.length > 0) {
    throw new ContentApiError(
      'bad_request',
      `fields names ${unknown.length ? `unknown fields (${unknown.join(', ')})` : 'nothing'}; choose from: ${known.join(', ')}.`,
    )
  }
  return fields
}

function pick(item: unknown, fields: string[]): unknown {
  if (typeof item !== 'object' || item === null) return item
  const source = item as Record<string, unknown>
  return Object.fromEntries(fields.filter((f) => f in source).map((f) => [f, source[f]]))
}

/**
 * Answers a Content API GET: `read` gives `{ data, ... }` for the reader the key opens;
 * `item` is the schema of one `data` item (what `fields=` may name).
 */
export async function contentApiAnswer(
  request: Request,
  item: z.ZodObject,
  read: (reader: ContentReader) => Promise<{ data: unknown } & Record<string, unknown>>,
): Promise<Response> {
  // React Router hands OPTIONS to the loader (it is no mutation): the CORS preflight, which
  // carries no key, is answered here, before the key is asked for.
  if (request.method === 'OPTIONS') return preflight()
  try {
    const sent = keyOf(request)
    const client = sent ? await authenticateContentKey(sent.key) : null
    if (!sent || !client) {
      throw new ContentApiError(
        'invalid_key',
        sent
          ? 'This key is unknown or was revoked.'
          : 'Send a content key: ?key=… or an Authorization: Bearer header.',
      )
    }
    const limit = await consumeRateLimit(
      contentApiRateLimitKey(client.integrationId),
      CONTENT_API_RATE_LIMIT,
    )
    if (limit.limited) {
      throw new ContentApiError(
        'rate_limited',
        `More than ${CONTENT_API_RATE_LIMIT.max} requests a minute with this key; try again in ${limit.retryAfter} s.`,
        limit.retryAfter,
      )
    }
    const fields = fieldsOf(request, Object.keys(item.shape))
    const answer = await read({ fullText: client.fullText, siteUrl: getEnv().siteUrl })
    if (fields) {
      answer.data = Array.isArray(answer.data)
        ? answer.data.map((entry) => pick(entry, fields))
        : pick(answer.data, fields)
    }
    const body = JSON.stringify(answer)
    const etag = weakEtag(body)
    const headers = {
      ...CORS_HEADERS,
      'Cache-Control': sent.inAddress && !client.fullText ? PUBLIC_API_CACHE : PRIVATE_NO_STORE,
      ETag: etag,
    }
    if (etagMatches(request, etag)) return new Response(null, { status: 304, headers })
    return new Response(body, {
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    })
  } catch (error) {
    if (error instanceof ContentApiError) return errorResponse(error)
    logger.error({ err: error, url: request.url }, 'content api failed')
    return apiError('internal', 'Something went wrong on our side.')
  }
}

/** Reads the query with `schema`; a bad parameter is a 400 naming it. */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = schema.safeParse(params)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ContentApiError('bad_request', `${issue.path.join('.') || 'query'}: ${issue.message}`)
  }
  return parsed.data
}

/** The CORS preflight's answer: any origin may GET with a key header and an ETag. */
function preflight() {
  return new Response(null, { status: 204, headers: CORS_HEADERS })
}

/**
 * A Content API route's `action`: every method that reaches it is refused (the API reads
 * only). OPTIONS never does (React Router gives it to the loader); answered here too, so the
 * preflight does not depend on that.
 */
export function contentApiAction({ request }: { request: Request }) {
  if (request.method === 'OPTIONS') return preflight()
  const refused = apiError('method_not_allowed', 'The Content API only reads (GET).')
  refused.headers.set('Allow', 'GET, HEAD, OPTIONS')
  return refused
}
