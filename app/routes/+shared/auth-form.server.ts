import { data } from 'react-router'
import type { z } from 'zod'
import type { AuthFailure } from '~/domain/users/account.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf } from '~/lib/field-errors'
import { actionFailure, formFields } from './action-results.server'

/*
 * The auth pages' and the profile's form posts, answered as every form post is
 * (`ActionResult`, see action-results.server.ts): the field messages, the auth server's refusal
 * as `formError`, and in `Extra` what the page shows again (the typed address, whether a mail
 * went out…).
 */

/** The posted form checked with the page's schema; `email` is the address as typed. */
export async function readAuthForm<S extends z.ZodType>(request: Request, schema: S) {
  const fields = formFields(await request.formData())
  const email = fields.email ?? ''
  const parsed = schema.safeParse(fields)
  if (!parsed.success) return { ok: false as const, email, error: parsed.error }
  return { ok: true as const, email, data: parsed.data as z.output<S> }
}

/** What the page shows after a post that went through (no redirect): its state. */
export function authFormAnswer<State extends object>(state: State, init?: ResponseInit) {
  return data({ ok: true, ...state } as ActionResult<State>, init)
}

/** 400: the form did not pass its schema; the messages go under the fields. */
export function invalidAuthForm<State extends object>(error: z.ZodError, state: State) {
  const body = { code: ACTION_CODES.invalidField, fieldErrors: fieldErrorsOf(error), ...state }
  return actionFailure<State>(400, body as Omit<ActionResult<State>, 'ok'>)
}

/**
 * better-auth said no: its status and headers (cookies, Retry-After), its code, and its message
 * (or the page's own wording of it) above the form.
 */
export function authFormFailure<State extends object>(
  failure: AuthFailure,
  state: State,
  message = failure.message,
) {
  const body = { code: failure.code, formError: message, ...state }
  return actionFailure<State>(failure.status, body as Omit<ActionResult<State>, 'ok'>, {
    headers: failure.headers,
  })
}
