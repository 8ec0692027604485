import { data, Form, Link, useActionData } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useFormErrors } from '~/components/auth/use-form-errors'
import { requestPasswordReset } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { fieldErrors, forgotPasswordSchema } from '~/domain/users/auth-schema'
import type { Route } from './+types/_site.forgot-password'

// The answer is the same whether or not the address has an account.
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  const email = typeof form.email === 'string' ? form.email : ''
  const parsed = forgotPasswordSchema.safeParse(form)
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), formError: null, sent: false, email },
      { status: 400 },
    )
  }
  const result = await requestPasswordReset(
    { request, clientIp: context.clientIp },
    parsed.data.email,
  )
  if (!result.ok) {
    return data(
      { errors: {}, formError: result.message, sent: false, email },
      { status: result.status, headers: result.headers },
    )
  }
  return { errors: {}, formError: null, sent: true, email }
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(forgotPasswordSchema, actionData?.errors)
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={
        <Link to="/signin" className="font-medium text-primary underline-offset-4 hover:underline">
          Already have an account? Sign in
        </Link>
      }
    >
      {actionData?.formError ? <FormMessage kind="error" message={actionData.formError} /> : null}
      {actionData?.sent ? <FormMessage kind="success" message={AUTH_TEXT.resetSent} /> : null}
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <AuthField
          name="email"
          label="Email address"
          type="email"
          placeholder="Your email address"
          autoComplete="email"
          defaultValue={actionData?.email}
          errors={errors.email}
          required
        />
        <SubmitButton
          label="Send reset password instructions"
          pendingLabel="Sending reset instructions ..."
        />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Forgot your password?', matches)
