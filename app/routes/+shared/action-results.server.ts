import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { DomainError } from '~/domain/domain-error'
import { logger } from '~/infra/logger.server'
import { createToastHeaders } from '~/infra/toast.server'
import {
  ACTION_CODES,
  UNEXPECTED_ERROR,
  type ActionResult,
  type ActionToast,
} from '~/lib/action-result'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'
import { isThrownAnswer } from './http-answers.server'

// The boundary between the domain and HTTP, for every form post: what a rule refused
// (a DomainError: its status, its message in a toast or under its field), what a schema
// refused (400, messages under the fields), and the unexpected (logged with the request's id,
// 500, a generic sentence). docs/architecture.md walks through one example.

type Init = { headers?: HeadersInit }

/** Success: the toast rides the flash cookie and shows when the root loader reloads. */
export async function actionSuccess<Extra extends object = object>(
  toast: ActionToast,
  extra?: Extra,
) {
  return data({ ok: true, ...extra } as ActionResult<Extra>, {
    headers: await createToastHeaders(toast),
  })
}

/** Failure: 4xx/5xx with its code, toast and field errors in the answer. */
export function actionFailure<Extra extends object = object>(
  status: number,
  body: Omit<ActionResult<Extra>, 'ok'>,
  init: Init = {},
) {
  return data({ ok: false, ...body } as ActionResult<Extra>, { status, ...init })
}

/** 400 for fields that failed their schema: the messages go under the fields. */
export function actionInvalid(error: z.ZodError, toast?: ActionToast) {
  return actionFailure(400, {
    code: ACTION_CODES.invalidField,
    fieldErrors: fieldErrorsOf(error),
    toast,
  })
}

/** Failure shown as an error toast: `title`, then what went wrong. */
export function actionError(
  status: number,
  title: string,
  description: string,
  options: { code?: string; fieldErrors?: FieldErrors } = {},
) {
  return actionFailure(status, {
    code: options.code ?? ACTION_CODES.invalidField,
    toast: { type: 'error', title, description },
    fieldErrors: options.fieldErrors,
  })
}

/** An intent this screen does not know: a hand-made post, never the screen's own forms. */
export function unknownIntent() {
  return actionError(400, 'Error', 'Unknown action', { code: ACTION_CODES.unknownIntent })
}

export interface FailureOptions {
  /** The toast's title (docs/product.md §8: "Error deleting category"…); none on form pages. */
  title?: string
  context: Pick<AppLoadContext, 'requestId'>
  /** Logged with an unexpected error, to find it again (ids, the intent). */
  details?: Record<string, unknown>
}

/**
 * The status, body and headers for what an action threw. A domain error keeps its status and
 * message: under its field when it names one, else in a toast titled `title` (or, on pages
 * without toasts, above the form); a limit's wait goes out as Retry-After. Anything else is
 * logged with the request's id and answers 500 with the generic sentence. A thrown Response
 * (a guard's redirect or refusal) or `notFound()` is an answer already, and is thrown on.
 */
export function describeFailure(
  error: unknown,
  { title, context, details }: FailureOptions,
): { status: number; body: ActionResult; headers: Record<string, string> } {
  if (error instanceof Response || isThrownAnswer(error)) throw error
  if (error instanceof DomainError) {
    const fieldErrors = error.field ? { [error.field]: [error.message] } : undefined
    const body: ActionResult = { ok: false, code: error.code, fieldErrors }
    if (title) body.toast = { type: 'error', title, description: error.message }
    else if (!fieldErrors) body.formError = error.message
    return { status: error.status, body, headers: refusalHeaders(error) }
  }
  logger.error({ err: error, requestId: context.requestId, ...details }, 'action failed')
  const body: ActionResult = { ok: false, code: ACTION_CODES.unexpected }
  if (title) body.toast = { type: 'error', title, description: UNEXPECTED_ERROR }
  else body.formError = UNEXPECTED_ERROR
  return { status: 500, body, headers: {} }
}

/** The headers a refusal carries: Retry-After when it is a limit that lifts. */
export function refusalHeaders(error: DomainError): Record<string, string> {
  return error.retryAfter ? { 'Retry-After': String(error.retryAfter) } : {}
}

/** `describeFailure` as a route action's answer. */
export function failureFrom(error: unknown, options: FailureOptions) {
  const { status, body, headers } = describeFailure(error, options)
  return data(body, { status, headers })
}

type IntentSchema = z.ZodType<{ intent: string }>

/** The string fields of a form post (files are read by the upload routes, not here). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value
  return fields
}

/**
 * A screen's form post parsed with its schema, a discriminated union on `intent`. An intent
 * the screen does not know answers 400 "Unknown action". Fields the form shows get their
 * messages under them; a field it does not show (a row's `id`) cannot be pointed at, so its
 * message goes in a toast titled by `titles[intent]`, as do all messages when `toast` is set.
 */
export function parseIntent<S extends IntentSchema>(
  form: FormData,
  schema: S,
  options: {
    titles: Record<string, string>
    hiddenFields?: readonly string[]
    toastIntents?: readonly string[]
  },
): { ok: true; data: z.output<S> } | { ok: false; response: ReturnType<typeof actionFailure> } {
  const fields = formFields(form)
  const parsed = schema.safeParse(fields)
  if (parsed.success) return { ok: true, data: parsed.data }
  const issues = parsed.error.issues
  if (issues.some((issue) => issue.path[0] === 'intent')) {
    return { ok: false, response: unknownIntent() }
  }
  const title = options.titles[fields.intent] ?? 'Error'
  const hidden = issues.find((issue) =>
    (options.hiddenFields ?? ['id']).includes(String(issue.path[0])),
  )
  if (hidden) return { ok: false, response: actionError(400, title, hidden.message) }
  const toast: ActionToast | undefined = options.toastIntents?.includes(fields.intent)
    ? { type: 'error', title, description: issues[0].message }
    : undefined
  return { ok: false, response: actionInvalid(parsed.error, toast) }
}

/** A positive integer id from a form field, or null. */
export function parseId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}
