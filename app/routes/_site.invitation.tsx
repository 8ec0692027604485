import { data, Form, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useBrand } from '~/components/auth/use-brand'
import { ROLE_NAMES } from '~/domain/access/access-rules'
import { signInWithPassword } from '~/domain/users/account.server'
import { acceptInvitationSchema } from '~/domain/users/invitations-schema'
import { acceptInvitation, openInvitation } from '~/domain/users/invitations.server'
import { DomainError } from '~/domain/domain-error'
import { redirectWithToast } from '~/infra/toast.server'
import { useFormErrors } from '~/lib/use-form-errors'
import { failureFrom, refusalHeaders } from './+shared/action-results.server'
import { invalidAuthForm, readAuthForm } from './+shared/auth-form.server'
import type { Route } from './+types/_site.invitation'

// Carries a one-time token: never kept by a shared cache, never sent on as a Referer. An
// address that tried too many wrong links is told how long to wait.
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers({
    'Cache-Control': 'private, no-store',
    'Referrer-Policy': 'no-referrer',
  })
  const wait = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After')
  if (wait) headers.set('Retry-After', wait)
  return headers
}

/**
 * A staff invitation's link: the invitee chooses a display name and a password, and the
 * account is made with the invitation's role. A link revoked, replaced, expired or used
 * answers its 4xx status with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    const invitation = await openInvitation(token, context.clientIp)
    return { token, invitation, refusal: null }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data(
      { token: '', invitation: null, refusal: { code: error.code, message: error.message } },
      {
        status: error.status,
        headers: { 'Cache-Control': 'private, no-store', ...refusalHeaders(error) },
      },
    )
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, acceptInvitationSchema)
  if (!form.ok) return invalidAuthForm(form.error, {})
  let accepted
  try {
    accepted = await acceptInvitation(form.data, context.clientIp)
  } catch (error) {
    return failureFrom(error, { context })
  }
  // Signed in at once with the password just chosen, and into the back office.
  const signedIn = await signInWithPassword(
    { request, clientIp: context.clientIp },
    { email: accepted.email, password: form.data.password },
  )
  if (!signedIn.ok || signedIn.data.twoFactorRedirect) {
    return redirectWithToast('/signin?redirectTo=%2Fadmin', {
      type: 'success',
      title: 'Welcome aboard',
      description: 'Your account is ready. Sign in with your address and new password.',
    })
  }
  return redirectWithToast(
    '/admin',
    {
      type: 'success',
      title: 'Welcome aboard',
      description: `Your account is ready: you are ${ROLE_NAMES[accepted.role].toLowerCase()}.`,
    },
    { headers: signedIn.headers },
  )
}

export default function InvitationPage() {
  const { token, invitation, refusal } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const brand = useBrand()
  const { errors, onSubmit } = useFormErrors(acceptInvitationSchema, actionData?.fieldErrors)
  if (!invitation) {
    return (
      <AuthCard
        title={refusal?.code === 'TOO_MANY_GUESSES' ? 'Too many attempts' : 'Invitation not valid'}
        footer={
          <AuthCardLink to="/signin" primary>
            Already have an account? Sign in
          </AuthCardLink>
        }
      >
        <FormMessage kind="error" message={refusal?.message} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={`Join ${brand}`}
      description={
        <>
          You are invited as <strong>{ROLE_NAMES[invitation.role].toLowerCase()}</strong>. Choose
          the name your bylines will show and a password.
        </>
      }
    >
      <FormMessage kind="error" message={actionData?.formError} />
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="token" value={token} />
        <AuthField
          name="email"
          label="Email address"
          type="email"
          value={invitation.email}
          autoComplete="username"
          readOnly
        />
        <AuthField
          name="displayName"
          label="Display name"
          placeholder="e.g. Maya Okafor"
          autoComplete="name"
          maxLength={80}
          errors={errors.displayName}
          required
        />
        <AuthField
          name="password"
          label="Create a Password"
          type="password"
          placeholder="At least 8 characters"
          autoComplete="new-password"
          minLength={8}
          errors={errors.password}
          required
        />
        <SubmitButton label="Accept invitation" pendingLabel="Creating your account ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Accept invitation', matches)
