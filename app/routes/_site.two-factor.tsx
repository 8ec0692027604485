import { Form, redirect, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { verifySecondFactor } from '~/domain/users/account.server'
import { twoFactorCodeSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { COOKIE_PREFIX, WELCOME_TOAST } from '~/infra/auth.server'
import { redirectWithToast } from '~/infra/toast.server'
import { useFormErrors } from '~/lib/use-form-errors'
import { authFormFailure, invalidAuthForm, readAuthForm } from './+shared/auth-form.server'
import type { Route } from './+types/_site.two-factor'

function hasChallenge(request: Request) {
  return (request.headers.get('cookie') ?? '').includes(`${COOKIE_PREFIX}.two_factor=`)
}

// Carries a one-time token or a sign-in in progress: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

// The second step of a sign-in with two-factor on; without a pending challenge, start over.
export async function loader({ request }: Route.LoaderArgs) {
  if (!hasChallenge(request)) throw redirect('/signin')
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, twoFactorCodeSchema)
  if (!form.ok) return invalidAuthForm(form.error, {})
  const result = await verifySecondFactor({ request, clientIp: context.clientIp }, form.data.code)
  if (!result.ok) {
    // A lost challenge (expired, or too many wrong codes) means signing in again.
    if (result.code === 'INVALID_TWO_FACTOR_COOKIE')
      throw redirect('/signin', { headers: result.headers })
    return authFormFailure(result, {})
  }
  return redirectWithToast(safeRedirect(form.data.redirectTo), WELCOME_TOAST, {
    headers: result.headers,
  })
}

export default function TwoFactorPage() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(twoFactorCodeSchema, actionData?.fieldErrors)
  return (
    <AuthCard
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app, or one of your backup codes."
      footer={<AuthCardLink to="/signin">Start again</AuthCardLink>}
    >
      <FormMessage kind="error" title="Authentication Error" message={actionData?.formError} />
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField
          name="code"
          label="Code"
          placeholder="123456"
          autoComplete="one-time-code"
          autoFocus
          errors={errors.code}
          required
        />
        <SubmitButton label="Verify" pendingLabel="Verifying ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  authMeta('Two-factor authentication', matches)
