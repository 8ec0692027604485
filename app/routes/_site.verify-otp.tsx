import { data, Form, Link, redirect, useActionData } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useFormErrors } from '~/components/auth/use-form-errors'
import { signInWithCode } from '~/domain/users/account.server'
import { fieldErrors, verifyOtpSchema } from '~/domain/users/auth-schema'
import { WELCOME_TOAST } from '~/infra/auth.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { Route } from './+types/_site.verify-otp'

// The auth kit's verify_otp view: the code from the magic-link mail signs the reader in.
export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  const email = typeof form.email === 'string' ? form.email : ''
  const parsed = verifyOtpSchema.safeParse(form)
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), formError: null, email }, { status: 400 })
  }
  const result = await signInWithCode({ request, clientIp: context.clientIp }, parsed.data)
  if (!result.ok) {
    return data(
      { errors: {}, formError: result.message, email },
      { status: result.status, headers: result.headers },
    )
  }
  if (result.data.twoFactorRedirect) throw redirect('/two-factor', { headers: result.headers })
  return redirectWithToast('/', WELCOME_TOAST, { headers: result.headers })
}

export default function VerifyOtpPage() {
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(verifyOtpSchema, actionData?.errors)
  return (
    <AuthCard
      title="Verify your one-time code"
      description="Enter your email address and the code we sent you."
      footer={
        <>
          <Link
            to="/magic-link"
            className="text-muted-foreground underline-offset-4 hover:underline"
          >
            Send a magic link email
          </Link>
          <Link
            to="/signin"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Already have an account? Sign in
          </Link>
        </>
      }
    >
      {actionData?.formError ? (
        <FormMessage kind="error" title="Authentication Error" message={actionData.formError} />
      ) : null}
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
