import { Form, redirect, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { CurrentPasswordField, EmailField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useBrand } from '~/components/auth/use-brand'
import { signInWithPassword } from '~/domain/users/account.server'
import { signInSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { WELCOME_TOAST } from '~/infra/auth.server'
import { getSessionUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import { useFormErrors } from '~/lib/use-form-errors'
import { authFormFailure, invalidAuthForm, readAuthForm } from './+shared/auth-form.server'
import type { Route } from './+types/_site.signin'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  // docs/product.md §4: the sign-in page goes to / (or where the reader was going) once signed in.
  if (await getSessionUser(request)) throw redirect(redirectTo)
  return { redirectTo }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, signInSchema)
  const state = { email: form.email }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const redirectTo = safeRedirect(form.data.redirectTo)
  const result = await signInWithPassword({ request, clientIp: context.clientIp }, form.data)
  if (!result.ok) return authFormFailure(result, state)
  if (result.data.twoFactorRedirect) {
    throw redirect(`/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: result.headers,
    })
  }
  return redirectWithToast(redirectTo, WELCOME_TOAST, { headers: result.headers })
}

export default function SignInPage() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const brand = useBrand()
  const { errors, onSubmit } = useFormErrors(signInSchema, actionData?.fieldErrors)
  const carry = redirectTo === '/' ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`
  return (
    <AuthCard
      title={`Welcome to ${brand}`}
      footer={
        <>
          <AuthCardLink to="/forgot-password">Forgot your password?</AuthCardLink>
          <AuthCardLink to={`/magic-link${carry}`}>Send a magic link email</AuthCardLink>
          <AuthCardLink to="/signup" primary>
            Don&apos;t have an account? Sign up
          </AuthCardLink>
        </>
      }
    >
      <FormMessage kind="error" title="Authentication Error" message={actionData?.formError} />
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={actionData?.email} errors={errors.email} required />
        <CurrentPasswordField errors={errors.password} required />
        <SubmitButton label="Sign in" pendingLabel="Signing in ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Sign in', matches)
