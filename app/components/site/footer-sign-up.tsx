import { useEffect } from 'react'
import { createPortal } from 'react-dom'
import { useFetcher } from 'react-router'
import type { NewsletterAnswer } from '~/domain/newsletter/newsletter-schema'
import type { ActionResult } from '~/lib/action-result'
import { signUpAnswer } from './sign-up-answer'

/**
 * The footer's sign-up, made to answer in place. The footer is drawn on the server
 * (site-footer.server.tsx) with a plain form that posts to /newsletter, which works without
 * JavaScript; this posts the same form through a fetcher instead and writes the answer into
 * the form's message slots. Only this travels to the browser, not the components that drew the
 * footer: every reader's page carries the footer, and the article page has a JavaScript budget
 * (tests/e2e/site/performance-budget.spec.ts, docs/decisions/0028).
 */
export function FooterSignUp({ root }: { root: HTMLElement }) {
  const fetcher = useFetcher<ActionResult<NewsletterAnswer>>()
  const { submit } = fetcher
  const form = root.querySelector<HTMLFormElement>('form[data-newsletter-form]')
  const { fieldError, error, listsError, message } = signUpAnswer(fetcher.data)
  const busy = fetcher.state !== 'idle'

  useEffect(() => {
    if (!form) return
    function post(event: SubmitEvent) {
      event.preventDefault()
      void submit(event.currentTarget as HTMLFormElement)
    }
    form.addEventListener('submit', post)
    return () => form.removeEventListener('submit', post)
  }, [form, submit])

  // The fields' state, as the React form would draw it (newsletter-form.tsx).
  useEffect(() => {
    if (!form) return
    const email = form.querySelector<HTMLInputElement>('input[name="email"]')
    const lists = form.querySelector('fieldset')
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    flag(email, fieldError, form.querySelector('[data-newsletter-error]')?.id)
    flag(lists, listsError, form.querySelector('[data-newsletter-lists-error]')?.id)
    if (button) button.disabled = busy
  }, [form, fieldError, listsError, busy])

  if (!form) return null
  const slot = (name: string) => form.querySelector(`[data-newsletter-${name}]`)
  const errorSlot = slot('error')
  const listsSlot = slot('lists-error')
  const statusSlot = slot('status')
  return (
    <>
      {errorSlot && error ? createPortal(error, errorSlot) : null}
      {listsSlot && listsError ? createPortal(listsError, listsSlot) : null}
      {statusSlot && message ? createPortal(message, statusSlot) : null}
    </>
  )
}

function flag(element: Element | null, error: string | undefined, describedBy?: string) {
  if (!element) return
  if (error) element.setAttribute('aria-invalid', 'true')
  else element.removeAttribute('aria-invalid')
  if (error && describedBy) element.setAttribute('aria-describedby', describedBy)
  else element.removeAttribute('aria-describedby')
}
