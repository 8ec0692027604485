import { Form, useActionData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { EmailField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { requestPasswordReset } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { forgotPasswordSchema } from '~/domain/users/auth-schema'
import { useFormErrors } from '~/lib/use-form-errors'
import {
  authFormAnswer,
  authFormFailure,
  invalidAuthForm,
  readAuthForm,
} from './+shared/auth-form.server'
import type { Route } from './+types/_site.forgot-password'

// The answer is the same whether or not the address has an account.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, forgotPasswordSchema)
  const state: { sent: boolean; email: string } = { sent: false, email: form.email }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const result = await requestPasswordReset(
    { request, clientIp: context.clientIp },
    form.data.email,
  )
  if (!result.ok) return authFormFailure(result, state)
  return authFormAnswer({ ...state, sent: true })
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(forgotPasswordSchema, actionData?.fieldErrors)
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email address and we will send you a link to choose a new password."
      footer={
        <AuthCardLink to="/signin" primary>
          Already have an account? Sign in
        </AuthCardLink>
      }
    >
      <FormMessage kind="error" message={actionData?.formError} />
      {actionData?.sent ? <FormMessage kind="success" message={AUTH_TEXT.resetSent} /> : null}
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <EmailField defaultValue={actionData?.email} errors={errors.email} required />
        <SubmitButton
          label="Send reset password instructions"
          pendingLabel="Sending reset instructions ..."
        />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Forgot your password?', matches)
