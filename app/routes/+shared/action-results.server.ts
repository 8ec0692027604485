import { data } from 'react-router'
import type { z } from 'zod'
import type { ActionResult, ActionToast } from '~/components/admin/use-action-toast'
import { createToastHeaders } from '~/infra/toast.server'
import { fieldErrorsOf, type FieldErrors } from '~/lib/field-errors'

/** The toast text of a failure the admin cannot act on (its details are logged). */
export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.'

/** Success: the toast rides the flash cookie and shows when the root loader reloads. */
export async function actionSuccess(toast: ActionToast, extra: Record<string, unknown> = {}) {
  return data({ ok: true, ...extra } as ActionResult & Record<string, unknown>, {
    headers: await createToastHeaders(toast),
  })
}

/** Failure: 4xx/5xx with the toast and field errors in the answer (no loader reload follows). */
export function actionFailure(status: number, toast?: ActionToast, fieldErrors?: FieldErrors) {
  return data({ ok: false, toast, fieldErrors } as ActionResult, { status })
}

/** 400 for a form that failed its schema: the messages go under the fields, no toast. */
export function actionInvalid(error: z.ZodError) {
  return actionFailure(400, undefined, fieldErrorsOf(error))
}

/** Failure shown as an error toast: `title`, then what went wrong. */
export function actionError(
  status: number,
  title: string,
  description: string,
  fieldErrors?: FieldErrors,
) {
  return actionFailure(status, { type: 'error', title, description }, fieldErrors)
}

/** An intent this screen does not know: a hand-made post, never the screen's own forms. */
export function unknownIntent() {
  return actionError(400, 'Error', 'Unknown action')
}

/** A positive integer id from a form field, or null. */
export function parseId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}
