import type { NextFunction, Request, Response } from 'express'
import { findMalformedText } from '~/lib/unicode'

/** Request bodies are refused above these sizes (uploads check their own, smaller limits). */
export const BODY_LIMITS = {
  form: 2 * 1024 * 1024,
  multipartChecked: 16 * 1024 * 1024,
  multipart: 210 * 1024 * 1024,
}

export class BadRequestError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message)
  }
}

const MALFORMED = 'The request contains text that is not valid (a NUL character or broken Unicode).'

function strictDecode(component: string) {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '))
  } catch {
    throw new BadRequestError(400, MALFORMED)
  }
}

/** Every key and value of a query string or urlencoded body, decoded strictly. */
export function checkUrlEncoded(text: string) {
  for (const pair of text.split('&')) {
    if (!pair) continue
    for (const part of pair.split('=')) {
      if (findMalformedText(strictDecode(part)) !== null) throw new BadRequestError(400, MALFORMED)
    }
  }
}

export function checkPath(pathname: string) {
  if (findMalformedText(strictDecode(pathname)) !== null) throw new BadRequestError(400, MALFORMED)
}

async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new BadRequestError(413, 'The request is too large.')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BadRequestError(413, 'The request is too large.')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decodeUtf8(body: Buffer) {
  try {
    return utf8.decode(body)
  } catch {
    throw new BadRequestError(400, MALFORMED)
  }
}

/**
 * Routes whose bodies are JSON (better-auth's HTTP API, Stripe's webhooks, the Admin API);
 * every other route takes forms.
 */
const JSON_ROUTES = /^\/api\/(?:auth(?:\/|$)|stripe\/webhook$|admin\/v1\/)/

/** The Admin API answers its refusals in its own shape (docs/admin-api.md, "Errors"). */
const ADMIN_API = /^\/api\/admin\/v1\//
const ADMIN_API_CODES = {
  400: 'invalid_json',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
} as const

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export const UNSUPPORTED_BODY =
  'Send the form as application/x-www-form-urlencoded or multipart/form-data.'

/**
 * React Router actions read their body with request.formData(), which throws (a 500) on any
 * other content type. Such a request is refused here with 415; an empty body without a type is
 * read as an empty form, so the action answers with its own 4xx for the missing fields.
 */
export function checkFormContentType(req: Request, bodyLength: number) {
  if (JSON_ROUTES.test(req.path)) return
  const type = (req.headers['content-type'] ?? '').toLowerCase().trim()
  if (FORM_TYPES.some((form) => type.startsWith(form))) return
  if (bodyLength === 0 && type === '') {
    req.headers['content-type'] = 'application/x-www-form-urlencoded'
    return
  }
  throw new BadRequestError(415, UNSUPPORTED_BODY)
}

export async function checkBody(req: Request): Promise<Buffer | undefined> {
  const type = (req.headers['content-type'] ?? '').toLowerCase()
  if (type.startsWith('multipart/form-data')) {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > BODY_LIMITS.multipart) throw new BadRequestError(413, 'The upload is too large.')
    // Large uploads (PDF editions) stream through; their routes validate their own fields.
    if (!declared || declared > BODY_LIMITS.multipartChecked) return undefined
    const body = await readBody(req, BODY_LIMITS.multipartChecked)
    // The original header: the boundary is case-sensitive (browsers use mixed case).
    const form = await new globalThis.Response(new Uint8Array(body), {
      headers: { 'content-type': req.headers['content-type'] ?? type },
    })
      .formData()
      .catch(() => {
        throw new BadRequestError(400, 'The form data could not be read.')
      })
    for (const [key, value] of form) {
      if (
        findMalformedText(key) !== null ||
        (typeof value === 'string' && findMalformedText(value) !== null)
      ) {
        throw new BadRequestError(400, MALFORMED)
      }
    }
    return body
  }
  const body = await readBody(req, BODY_LIMITS.form)
  if (body.length === 0) return body
  const text = decodeUtf8(body)
  if (type.startsWith('application/x-www-form-urlencoded')) checkUrlEncoded(text)
  else if (type.includes('json')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new BadRequestError(400, 'The request body is not valid JSON.')
    }
    if (findMalformedText(parsed) !== null) throw new BadRequestError(400, MALFORMED)
  } else if (findMalformedText(text) !== null) throw new BadRequestError(400, MALFORMED)
  return body
}

/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (lone surrogates) is refused here,
 * once for every route, before it can reach the database and come back as a 500.
 */
export function inputHygiene() {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const queryIndex = req.originalUrl.indexOf('?')
      checkPath(queryIndex === -1 ? req.originalUrl : req.originalUrl.slice(0, queryIndex))
      if (queryIndex !== -1) checkUrlEncoded(req.originalUrl.slice(queryIndex + 1))
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const body = await checkBody(req)
        checkFormContentType(req, body?.length ?? -1)
        ;(req as Request & { rawBody?: Buffer }).rawBody = body
      }
      next()
    } catch (error) {
      if (error instanceof BadRequestError) {
        res.status(error.status)
        if (ADMIN_API.test(req.path)) {
          const code = ADMIN_API_CODES[error.status]
          res.json({ error: { code, message: error.message } })
          return
        }
        if (
          (req.headers.accept ?? '').includes('application/json') ||
          (req.headers['content-type'] ?? '').includes('json')
        ) {
          res.json({ error: error.message })
        } else res.type('text/plain').send(error.message)
        return
      }
      next(error)
    }
  }
}
