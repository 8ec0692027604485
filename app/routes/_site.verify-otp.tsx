import { Form, redirect, useActionData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField, EmailField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { signInWithCode } from '~/domain/users/account.server'
import { verifyOtpSchema } from '~/domain/users/auth-schema'
import { WELCOME_TOAST } from '~/infra/auth.server'
import { redirectWithToast } from '~/infra/toast.server'
import { useFormErrors } from '~/lib/use-form-errors'
import { authFormFailure, invalidAuthForm, readAuthForm } from './+shared/auth-form.server'
import type { Route } from './+types/_site.verify-otp'

// The auth kit's verify_otp view: the code from the magic-link mail signs the reader in.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, verifyOtpSchema)
  const state = { email: form.email }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const result = await signInWithCode({ request, clientIp: context.clientIp }, form.data)
  if (!result.ok) return authFormFailure(result, state)
  if (result.data.twoFactorRedirect) throw redirect('/two-factor', { headers: result.headers })
  return redirectWithToast('/', WELCOME_TOAST, { headers: result.headers })
}

export default function VerifyOtpPage() {
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(verifyOtpSchema, actionData?.fieldErrors)
  return (
    <AuthCard
      title="Verify your one-time code"
      description="Enter your email address and the code we sent you."
      footer={
        <>
          <AuthCardLink to="/magic-link">Send a magic link email</AuthCardLink>
          <AuthCardLink to="/signin" primary>
            Already have an account? Sign in
          </AuthCardLink>
        </>
      }
    >
      <FormMessage kind="error" title="Authentication Error" message={actionData?.formError} />
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <EmailField defaultValue={actionData?.email} errors={errors.email} required />
        <AuthField
          name="token"
          label="Token"
          placeholder="Your Otp token"
          inputMode="numeric"
          autoComplete="one-time-code"
          errors={errors.token}
          required
        />
        <SubmitButton label="Verify token" pendingLabel="Signing in ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Verify token', matches)
