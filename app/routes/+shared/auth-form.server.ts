import { data } from 'react-router'
import type { z } from 'zod'
import type { AuthFailure } from '~/domain/users/account.server'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'

/*
 * The auth pages' form posts. Each page answers `{ errors, formError, ...state }`: the field
 * messages, the auth server's refusal, and what the page shows again (the typed address,
 * whether a mail went out…).
 */

/** The posted form checked with the page's schema; `email` is the address as typed. */
export async function readAuthForm<S extends z.ZodType>(request: Request, schema: S) {
  const form = Object.fromEntries(await request.formData())
  const email = typeof form.email === 'string' ? form.email : ''
  const parsed = schema.safeParse(form)
  if (!parsed.success) return { ok: false as const, email, errors: fieldErrorsOf(parsed.error) }
  return { ok: true as const, email, data: parsed.data as z.output<S> }
}

/** 400: the form did not pass its schema. */
export function invalidAuthForm<State extends object>(errors: FieldErrors, state: State) {
  return data({ errors, formError: null, ...state }, { status: 400 })
}

/** better-auth said no: its status and headers (cookies, Retry-After), and its message. */
export function authFormFailure<State extends object>(
  failure: AuthFailure,
  state: State,
  message = failure.message,
) {
  const errors: FieldErrors = {}
  return data(
    { errors, formError: message, ...state },
    { status: failure.status, headers: failure.headers },
  )
}
