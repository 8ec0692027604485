import type { NewsletterAnswer } from '~/domain/newsletter/newsletter-schema'
import type { ActionResult } from '~/lib/action-result'

// Apart from the forms: the footer's script (footer-sign-up.tsx) reads answers too, and must
// not bring the form components along onto every reader's page.

/** What a sign-up's answer shows: the address's error, the lists' error, the thanks. */
export function signUpAnswer(result: ActionResult<NewsletterAnswer> | undefined) {
  const fieldError = result?.fieldErrors?.email?.[0]
  return {
    fieldError,
    error: fieldError ?? result?.formError,
    listsError: result?.fieldErrors?.lists?.[0],
    message: result?.ok ? result.message : undefined,
  }
}
