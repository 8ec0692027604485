import { data } from 'react-router'
import type { z } from 'zod'
import type { ActionResult, ActionToast } from '~/components/admin/use-action-toast'
import { createToastHeaders } from '~/infra/toast.server'

/** Success: the toast rides the flash cookie and shows when the root loader reloads. */
export async function actionSuccess(toast: ActionToast, extra: Record<string, unknown> = {}) {
  return data({ ok: true, ...extra } as ActionResult & Record<string, unknown>, {
    headers: await createToastHeaders(toast),
  })
}

/** Failure: 4xx/5xx with the toast and field errors in the answer (no loader reload follows). */
export function actionFailure(
  status: number,
  toast?: ActionToast,
  fieldErrors?: ActionResult['fieldErrors'],
) {
  return data({ ok: false, toast, fieldErrors } as ActionResult, { status })
}

export function fieldErrorsOf(error: z.ZodError): ActionResult['fieldErrors'] {
  const out: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form')
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}

/** A positive integer id from a form field, or null. */
export function parseId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}
