import { useId, type ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { NewsletterAnswer, SignUpListView } from '~/domain/newsletter/newsletter-schema'
import type { ActionResult } from '~/lib/action-result'
import { NewsletterListChoices, signUpPromise } from './newsletter-list-choices'
import { signUpAnswer } from './sign-up-answer'
import { primaryButtonClass } from './styles'

export const newsletterFormClass = 'grid min-w-0 gap-3'

/**
 * A newsletter sign-up block (docs/product.md §2 Footer): its heading and promise beside the
 * form `children`. The footer's is drawn on the server (site-footer.server.tsx) with a plain
 * form; a list archive's is the React `NewsletterForm` below.
 */
export function NewsletterBlock({
  title,
  lists,
  children,
}: {
  title: string
  lists: readonly SignUpListView[]
  children: ReactNode
}) {
  return (
    <div className="rounded-lg border bg-card p-6 text-card-foreground sm:p-8">
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <div>
          <h2 className="font-serif text-2xl font-bold">{title}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{signUpPromise(lists)}</p>
        </div>
        {children}
      </div>
    </div>
  )
}

/**
 * The fields of a sign-up form: the lists to receive (issue 36), the address, a honeypot and
 * the button, then the message slots (`data-newsletter-error`, `data-newsletter-status`), kept
 * in the markup even when empty so that the footer's script can fill them
 * (footer-sign-up.tsx).
 */
export function NewsletterFields({
  id,
  lists,
  error,
  fieldError,
  listsError,
  message,
  busy = false,
}: {
  id: string
  lists: readonly SignUpListView[]
  error?: string
  fieldError?: string
  listsError?: string
  message?: string
  busy?: boolean
}) {
  return (
    <>
      <NewsletterListChoices id={id} lists={lists} error={listsError} compact />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Newsletter email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className="h-10 w-full min-w-0 rounded-md border border-input sm:flex-1 bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive"
        />
        {/* Left empty by people; bots that fill every field are thanked and ignored. */}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
          className="absolute -left-[9999px] size-px opacity-0"
        />
        <button type="submit" disabled={busy} className={`${primaryButtonClass} h-10 px-5`}>
          Subscribe
        </button>
      </div>
      <p
        id={`${id}-error`}
        role="alert"
        data-newsletter-error=""
        className="text-sm font-medium text-destructive empty:hidden"
      >
        {error}
      </p>
      <p
        role="status"
        data-newsletter-status=""
        className="text-sm text-muted-foreground empty:hidden"
      >
        {message}
      </p>
    </>
  )
}

/**
 * A sign-up that answers in place: a list archive's (newsletter-list-sign-up.tsx). It posts to
 * /newsletter, which stores the address and the ticked lists and mails a confirmation link;
 * without JavaScript the post lands on that page.
 */
export function NewsletterForm({
  lists,
  title,
}: {
  lists: readonly SignUpListView[]
  title: string
}) {
  const fetcher = useFetcher<ActionResult<NewsletterAnswer>>()
  const id = useId()
  return (
    <NewsletterBlock title={title} lists={lists}>
      <fetcher.Form method="post" action="/newsletter" className={newsletterFormClass}>
        <NewsletterFields
          id={id}
          lists={lists}
          {...signUpAnswer(fetcher.data)}
          busy={fetcher.state !== 'idle'}
        />
      </fetcher.Form>
    </NewsletterBlock>
  )
}
