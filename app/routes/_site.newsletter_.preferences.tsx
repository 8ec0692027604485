import { useActionData, useLoaderData, useRouteError } from 'react-router'
import { NewsletterPreferences } from '~/components/site/newsletter-preferences'
import { gutterClass } from '~/components/site/styles'
import { preferencesByToken } from '~/domain/newsletter/preferences.server'
import type { NewsletterAnswer } from '~/domain/newsletter/newsletter-schema'
import { TOKEN_PAGE_HEADERS, tokenPageHeaders } from '~/infra/http-cache.server'
import { failureSentence, type ActionResult } from '~/lib/action-result'
import { notFoundOf } from '~/lib/not-found'
import { errorMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import { applyPreferencesPost } from './+shared/newsletter-preferences.server'
import type { Route } from './+types/_site.newsletter_.preferences'

// A reader's page: the toaster loads only if a toast arrives (root.tsx). A subscriber's own
// page: the footer's sign-up is not repeated under it.
export const handle = { deferToaster: true, footerSignUp: false }

const INVALID =
  'This link is not valid any more. Use the link at the foot of a recent newsletter, or sign in and manage your newsletters on your profile.'

// Anyone holding the token from a mail manages that subscription: no sign-in, no cookie
// (docs: issue 22, "an opaque token, no sign-in"). The token is the key, so it is read from
// the query on GET and from the form on POST, and the page is never cached or referred on.
// A token that matches no subscription is the one not-found answer, its message the page's.

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? ''
  const prefs = await preferencesByToken(token)
  if (!prefs) notFound(INVALID, { headers: TOKEN_PAGE_HEADERS })
  return { token, prefs }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const token = String(form.get('t') ?? new URL(request.url).searchParams.get('t') ?? '')
  const prefs = await preferencesByToken(token)
  if (!prefs) notFound(INVALID, { headers: TOKEN_PAGE_HEADERS })
  return applyPreferencesPost(prefs, form, context)
}

export const headers: Route.HeadersFunction = tokenPageHeaders

export default function NewsletterPreferencesPage() {
  const { token, prefs } = useLoaderData<typeof loader>()
  // The shared answer: the sentence in `message` on success, in `formError` on failure.
  const result: ActionResult<NewsletterAnswer> | undefined = useActionData<typeof action>()
  return (
    <div className={`${gutterClass} max-w-xl py-14`}>
      <h1 className="mb-6 font-serif text-4xl font-black tracking-tight">Newsletter preferences</h1>
      <NewsletterPreferences
        prefs={prefs}
        hidden={{ t: token }}
        message={result ? { ok: result.ok, text: result.message ?? failureSentence(result) } : null}
      />
    </div>
  )
}

export function ErrorBoundary() {
  const missing = notFoundOf(useRouteError())
  return (
    <div className={`${gutterClass} max-w-xl py-14`}>
      <h1 className="mb-6 font-serif text-4xl font-black tracking-tight">Newsletter preferences</h1>
      <p role="alert" className="text-lg">
        {missing ? missing.message : 'Something went wrong. Please try again in a moment.'}
      </p>
    </div>
  )
}

export const meta: Route.MetaFunction = () => errorMeta('Newsletter preferences')
