import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useFormErrors } from '~/components/auth/use-form-errors'
import { resetPassword } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { fieldErrors, resetPasswordSchema } from '~/domain/users/auth-schema'
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
  const form = Object.fromEntries(await request.formData())
  const parsed = resetPasswordSchema.safeParse(form)
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), formError: null, updated: false },
      { status: 400 },
    )
  }
  const result = await resetPassword({ request, clientIp: context.clientIp }, parsed.data)
  if (!result.ok) {
    const message = result.code === 'INVALID_TOKEN' ? INVALID_LINK : result.message
    return data(
      { errors: {}, formError: message, updated: false },
      { status: result.status, headers: result.headers },
    )
  }
  return { errors: {}, formError: null, updated: true }
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(resetPasswordSchema, actionData?.errors)
  if (actionData?.updated) {
    return (
      <AuthCard
        title="Update password"
        footer={
          <Link
            to="/signin"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Already have an account? Sign in
          </Link>
        }
      >
        <FormMessage kind="success" message={AUTH_TEXT.passwordUpdated} />
      </AuthCard>
    )
  }
  const tokenError = errors.token?.[0]
  return (
    <AuthCard
      title="Update password"
      footer={
        <Link
          to="/forgot-password"
          className="text-muted-foreground underline-offset-4 hover:underline"
        >
          Forgot your password?
        </Link>
      }
    >
      {!token ? <FormMessage kind="error" message={INVALID_LINK} /> : null}
      {actionData?.formError || tokenError ? (
        <FormMessage kind="error" message={actionData?.formError || tokenError || ''} />
      ) : null}
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
