import { Form, useActionData, useLoaderData } from 'react-router'
import { NewsletterListChoices, signUpPromise } from '~/components/site/newsletter-list-choices'
import { gutterClass, primaryButtonClass } from '~/components/site/styles'
import {
  NEWSLETTER_THANKS,
  newsletterSignUpSchema,
  newsletterSubscribeSchema,
  type NewsletterAnswer,
} from '~/domain/newsletter/newsletter-schema'
import { signUpLists } from '~/domain/newsletter/newsletter-queries.server'
import { subscribeToNewsletter } from '~/domain/newsletter/newsletter.server'
import { chosenListIds } from '~/domain/newsletter/preferences-schema'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import type { ActionResult } from '~/lib/action-result'
import { actionInvalid, failureFrom } from './+shared/action-results.server'
import type { Route } from './+types/_site.newsletter'

// A reader's page: the toaster loads only if a toast arrives (root.tsx). The page is the
// sign-up form itself, so the footer does not repeat it.
export const handle = { deferToaster: true, footerSignUp: false }

const THANKS: ActionResult<NewsletterAnswer> = { ok: true, message: NEWSLETTER_THANKS }

export async function loader() {
  return { lists: await signUpLists() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  // The honeypot: people leave it empty; a bot that fills it is thanked and forgotten.
  if (String(form.get('website') ?? '') !== '') return THANKS
  const offered = await signUpLists()
  const offeredIds = new Set(offered.map((list) => list.id))
  // With lists to choose, at least one of those offered; with none yet, the address alone.
  const chosen = chosenListIds(form).filter((id) => offeredIds.has(id))
  const parsed = (
    offered.length > 0 ? newsletterSignUpSchema : newsletterSubscribeSchema
  ).safeParse({ email: form.get('email') ?? '', lists: chosen })
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const settings = await getSiteSettings()
    await subscribeToNewsletter(parsed.data.email, {
      clientIp: context.clientIp,
      brand: settings.logoText,
      listIds: offered.length > 0 ? chosen : undefined,
    })
  } catch (error) {
    return failureFrom(error, { context })
  }
  return THANKS
}

/** Where the footer form lands without JavaScript, and a sign-up page of its own. */
export default function NewsletterPage() {
  const { lists } = useLoaderData<typeof loader>()
  const result: ActionResult<NewsletterAnswer> | undefined = useActionData<typeof action>()
  const fieldError = result?.fieldErrors?.email?.[0]
  const error = fieldError ?? result?.formError
  return (
    <div className={`${gutterClass} max-w-xl py-14`}>
      <h1 className="font-serif text-4xl font-black tracking-tight">Stay Informed, Stay Ahead</h1>
      {result?.ok ? (
        <p role="status" className="mt-6 text-lg">
          {result.message}
        </p>
      ) : (
        <Form method="post" className="mt-6 grid gap-5">
          <p className="text-muted-foreground">{signUpPromise(lists)}</p>
          <NewsletterListChoices
            id="newsletter"
            lists={lists}
            error={result?.fieldErrors?.lists?.[0]}
          />
          <div className="grid gap-3">
            <label htmlFor="newsletter-email" className="text-sm font-medium">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="Enter your email"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'newsletter-email-error' : undefined}
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive"
            />
            {error ? (
              <p
                id="newsletter-email-error"
                role="alert"
                className="text-sm font-medium text-destructive"
              >
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${primaryButtonClass} h-10 w-fit px-5`}>
            Subscribe
          </button>
        </Form>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter' }]
