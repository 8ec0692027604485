import { data, Form, useActionData, useLoaderData } from 'react-router'
import { gutterClass, primaryButtonClass, textLinkClass } from '~/components/site/styles'
import { DomainError } from '~/domain/domain-error'
import { describeUnsubscribe, unsubscribeOneClick } from '~/domain/newsletter/unsubscribe.server'
import { errorMeta } from '~/lib/seo'
import type { Route } from './+types/_site.newsletter_.unsubscribe'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const INVALID = 'This unsubscribe link is not valid.'
const ONE_CLICK = 'One-Click'

// Every newsletter's List-Unsubscribe header points here (RFC 2369). A mail provider's
// one-click button POSTs `List-Unsubscribe=One-Click` (RFC 8058) from its own servers, with no
// cookie and no CSRF token: the signed token in the URL is the authority, and the cross-site
// check exempts exactly this POST (app/infra/csrf.server.ts). Opening the link only shows a
// button: mail scanners fetch links, and a GET that unsubscribed would take readers off lists
// they never left.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? ''
  try {
    const { listName, preferencesPath } = await describeUnsubscribe(token)
    return { token, listName, preferencesPath, valid: true }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token: '', listName: null, preferencesPath: null, valid: false }, { status: 400 })
  }
}

export async function action({ request }: Route.ActionArgs) {
  // Form-encoded or multipart: both are allowed by RFC 8058. Anything else is not a form.
  const form = await request.formData().catch(() => null)
  const token = new URL(request.url).searchParams.get('t') ?? String(form?.get('t') ?? '')
  if (form?.get('List-Unsubscribe') !== ONE_CLICK) {
    return data(
      { ok: false, message: 'The request must carry List-Unsubscribe=One-Click.' },
      { status: 400 },
    )
  }
  try {
    const { listName } = await unsubscribeOneClick(token)
    return {
      ok: true,
      message: listName
        ? `You have been unsubscribed from ${listName}.`
        : 'You have been unsubscribed.',
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ ok: false, message: INVALID }, { status: error.status })
  }
}

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
})

export default function Unsubscribe() {
  const { token, listName, preferencesPath, valid } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <div className={`${gutterClass} max-w-xl py-14`}>
      <h1 className="font-serif text-4xl font-black tracking-tight">Unsubscribe</h1>
      {result ? (
        <p role={result.ok ? 'status' : 'alert'} className="mt-6 text-lg">
          {result.message}
        </p>
      ) : valid ? (
        <Form method="post" action={`?t=${token}`} className="mt-6">
          <input type="hidden" name="List-Unsubscribe" value={ONE_CLICK} />
          <p className="mb-4 text-muted-foreground">
            {listName
              ? `Press the button to stop receiving ${listName}.`
              : 'Press the button to stop receiving this newsletter.'}
          </p>
          <button type="submit" className={`${primaryButtonClass} h-10 px-5`}>
            Unsubscribe
          </button>
        </Form>
      ) : (
        <p role="alert" className="mt-6 text-lg">
          {INVALID}
        </p>
      )}
      {/* The reader's own preferences page, as the foot of every newsletter links it; without
          a valid link there is no subscriber to name, so the mails are the way there. */}
      {preferencesPath ? (
        <p className="mt-8 text-sm text-muted-foreground">
          To choose other lists, pause or leave everything:{' '}
          <a
            href={preferencesPath}
            className={`${textLinkClass} font-medium text-foreground underline`}
          >
            Manage your newsletters
          </a>
          .
        </p>
      ) : (
        <p className="mt-8 text-sm text-muted-foreground">
          To choose other lists, pause or leave everything, use the “Manage your newsletters” link
          at the foot of any of our newsletters.
        </p>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => errorMeta('Unsubscribe')
