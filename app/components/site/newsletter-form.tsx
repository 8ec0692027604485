import { useId } from 'react'
import { useFetcher } from 'react-router'
import type { NewsletterAnswer, SignUpListView } from '~/domain/newsletter/newsletter-schema'
import type { ActionResult } from '~/lib/action-result'
import { NewsletterListChoices, signUpPromise } from './newsletter-list-choices'
import { primaryButtonClass } from './styles'

/**
 * The footer's newsletter block (docs/product.md §2 Footer): the address and the lists to
 * receive (issue 36). It posts to /newsletter, which stores both and mails a confirmation
 * link; without JavaScript the post lands on that page. `lists` come from the layout's cached
 * read (signUpLists), as the footer is on every cached page.
 */
export function NewsletterForm({
  lists,
  title = 'Stay Informed, Stay Ahead',
}: {
  lists: readonly SignUpListView[]
  /** The block's heading: the footer's, or a list archive's own (issue 36). */
  title?: string
}) {
  const fetcher = useFetcher<ActionResult<NewsletterAnswer>>()
  const id = useId()
  const result = fetcher.data
  const busy = fetcher.state !== 'idle'
  const fieldError = result?.fieldErrors?.email?.[0]
  const listsError = result?.fieldErrors?.lists?.[0]
  const error = fieldError ?? result?.formError
  return (
    <div className="rounded-lg border bg-card p-6 text-card-foreground sm:p-8">
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <div>
          <h2 className="font-serif text-2xl font-bold">{title}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{signUpPromise(lists)}</p>
        </div>
        <fetcher.Form method="post" action="/newsletter" className="grid min-w-0 gap-3">
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
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <p role="status" className="text-sm text-muted-foreground empty:hidden">
            {result?.ok ? result.message : ''}
          </p>
        </fetcher.Form>
      </div>
    </div>
  )
}
