import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { gutterClass, primaryButtonClass, textLinkClass } from '~/components/site/styles'
import { joinNames } from '~/domain/newsletter/newsletter-schema'
import { confirmNewsletterSubscription } from '~/domain/newsletter/newsletter.server'
import { tokenPageHeaders } from '~/infra/http-cache.server'
import { errorMeta } from '~/lib/seo'
import type { ActionResult } from '~/lib/action-result'
import { actionFailure } from './+shared/action-results.server'
import type { Route } from './+types/_site.newsletter_.confirm'

// A reader's page: the toaster loads only if a toast arrives (root.tsx). No sign-up form in
// the footer under it: the reader has just subscribed (issue 36).
export const handle = { deferToaster: true, footerSignUp: false }

const INVALID = 'This confirmation link is invalid. Please subscribe again from the footer.'

// Opening the link only shows a button: mail scanners fetch links, and a GET that confirmed
// would subscribe people who never clicked. The token is in the address, so the page is kept
// by no cache and referred on to no other site, as the preferences page is.
export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData()
  const result = await confirmNewsletterSubscription(String(form.get('token') ?? ''))
  // Answered like every form post (an ActionResult; the failure through actionFailure): this
  // page has no toasts, so the sentence goes in formError, or in `confirmed` on success.
  if (result.outcome === 'invalid' || !result.preferencesUrl)
    return actionFailure<Confirmed>(400, { code: 'INVALID_TOKEN', formError: INVALID })
  return data<ActionResult<Confirmed>>({
    ok: true,
    confirmed: confirmedSentence(result.lists),
    // The page's own address, relative: the link stays on the host the reader is on.
    manageUrl: new URL(result.preferencesUrl).pathname + new URL(result.preferencesUrl).search,
  })
}

interface Confirmed {
  confirmed: string
  manageUrl: string
}

function confirmedSentence(lists: readonly string[]) {
  if (lists.length === 0) return 'Your subscription is confirmed.'
  return `You're subscribed to ${joinNames(lists)}.`
}

export const headers: Route.HeadersFunction = tokenPageHeaders

export default function ConfirmNewsletter() {
  const { token } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className={`${gutterClass} max-w-xl py-14`}>
      <h1 className="font-serif text-4xl font-black tracking-tight">Confirm your subscription</h1>
      {result?.ok && result.manageUrl ? (
        <div className="mt-6 grid gap-4">
          <p role="status" className="text-lg">
            {result.confirmed}
          </p>
          <p>
            <Link to={result.manageUrl} className={`${textLinkClass} font-medium underline`}>
              Manage your newsletters
            </Link>
          </p>
        </div>
      ) : result ? (
        <p role="alert" className="mt-6 text-lg">
          {result.formError}
        </p>
      ) : token ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <p className="mb-4 text-muted-foreground">
            Press the button to start receiving our newsletter.
          </p>
          <button type="submit" className={`${primaryButtonClass} h-10 px-5`}>
            Confirm subscription
          </button>
        </Form>
      ) : (
        <p role="alert" className="mt-6 text-lg">
          {INVALID}
        </p>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => errorMeta('Confirm your subscription')
