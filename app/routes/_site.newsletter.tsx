import { Form, useActionData } from 'react-router'
import { gutterClass, primaryButtonClass } from '~/components/site/styles'
import {
  NEWSLETTER_THANKS,
  newsletterSubscribeSchema,
  type NewsletterAnswer,
} from '~/domain/newsletter/newsletter-schema'
import { subscribeToNewsletter } from '~/domain/newsletter/newsletter.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import type { ActionResult } from '~/lib/action-result'
import { actionInvalid, failureFrom } from './+shared/action-results.server'
import type { Route } from './+types/_site.newsletter'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const THANKS: ActionResult<NewsletterAnswer> = { ok: true, message: NEWSLETTER_THANKS }

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  // The honeypot: people leave it empty; a bot that fills it is thanked and forgotten.
  if (String(form.get('website') ?? '') !== '') return THANKS
  const parsed = newsletterSubscribeSchema.safeParse({ email: form.get('email') ?? '' })
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const settings = await getSiteSettings()
    await subscribeToNewsletter(parsed.data.email, {
      clientIp: context.clientIp,
      brand: settings.logoText,
    })
  } catch (error) {
    return failureFrom(error, { context })
  }
  return THANKS
}

/** Where the footer form lands without JavaScript, and a sign-up page of its own. */
export default function NewsletterPage() {
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
        <Form method="post" className="mt-6 grid gap-3">
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
          <button type="submit" className={`${primaryButtonClass} h-10 w-fit px-5`}>
            Subscribe
          </button>
        </Form>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter' }]
