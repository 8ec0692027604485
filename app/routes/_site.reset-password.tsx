import { Form, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { resetPassword } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { resetPasswordSchema } from '~/domain/users/auth-schema'
import { useFormErrors } from '~/lib/use-form-errors'
import {
  authFormAnswer,
  authFormFailure,
  invalidAuthForm,
  readAuthForm,
} from './+shared/auth-form.server'
import type { Route } from './+types/_site.reset-password'

const INVALID_LINK = 'This reset link is invalid or has expired. Ask for a new one.'

// Carries a one-time token or a sign-in in progress: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

// The auth kit's update_password view, reached from the reset mail's link.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, resetPasswordSchema)
  const state: { updated: boolean } = { updated: false }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const result = await resetPassword({ request, clientIp: context.clientIp }, form.data)
  if (!result.ok) {
    const message = result.code === 'INVALID_TOKEN' ? INVALID_LINK : result.message
    return authFormFailure(result, state, message)
  }
  return authFormAnswer({ updated: true })
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(resetPasswordSchema, actionData?.fieldErrors)
  if (actionData?.updated) {
    return (
      <AuthCard
        title="Update password"
        footer={
          <AuthCardLink to="/signin" primary>
            Already have an account? Sign in
          </AuthCardLink>
        }
      >
        <FormMessage kind="success" message={AUTH_TEXT.passwordUpdated} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Update password"
      footer={<AuthCardLink to="/forgot-password">Forgot your password?</AuthCardLink>}
    >
      {!token ? <FormMessage kind="error" message={INVALID_LINK} /> : null}
      <FormMessage kind="error" message={actionData?.formError || errors.token?.[0]} />
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="token" value={token} />
        <AuthField
          name="password"
          label="New password"
          type="password"
          placeholder="Your new password"
          autoComplete="new-password"
          minLength={8}
          errors={errors.password}
          required
        />
        <SubmitButton label="Update password" pendingLabel="Updating password ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Update password', matches)
