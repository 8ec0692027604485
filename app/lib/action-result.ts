import type { FieldErrors } from './field-errors'
import { isNotFoundBody, type NotFoundBody } from './not-found'

/** A toast as sonner shows it. */
export interface ActionToast {
  type: 'success' | 'error' | 'info' | 'message'
  title: string
  description?: string
}

/**
 * What every form post answers when it does not redirect: the back office's screens, the
 * article editor and its autosave, the profile and the sign-in pages. Successes usually
 * redirect or carry their toast in the flash cookie; failures answer 4xx/5xx with this body.
 * `Extra` is what one screen needs besides (a saved draft's id, what the form shows again).
 */
export type ActionResult<Extra extends object = object> = {
  ok: boolean
  /**
   * Why it failed, stable for code to branch on: a domain error's code (`CONFLICT`,
   * `NOT_FOUND`…), or `INVALID_FIELD`, `UNKNOWN_INTENT`, `UNEXPECTED`.
   */
  code?: string
  /** A toast to show now. */
  toast?: ActionToast
  /** Messages under the form's fields. */
  fieldErrors?: FieldErrors
  /** A sentence about the form as a whole, shown above its fields. */
  formError?: string
} & Partial<Extra>

/** The codes the route boundary itself answers with (the domain's own are its errors'). */
export const ACTION_CODES = {
  invalidField: 'INVALID_FIELD',
  unknownIntent: 'UNKNOWN_INTENT',
  unexpected: 'UNEXPECTED',
} as const

/** The sentence for a failure nobody can act on (its details are logged, never shown). */
export const UNEXPECTED_ERROR = 'Something went wrong. Please try again.'

/** The sentence a failed answer shows: the not-found body's message, else the form's error. */
export function failureSentence(answer: ActionResult | NotFoundBody): string {
  return isNotFoundBody(answer) ? answer.message : (answer.formError ?? UNEXPECTED_ERROR)
}
