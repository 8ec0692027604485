import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useBrand } from '~/components/auth/use-brand'
import { useFormErrors } from '~/components/auth/use-form-errors'
import { signInWithPassword } from '~/domain/users/account.server'
import { fieldErrors, signInSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { WELCOME_TOAST } from '~/infra/auth.server'
import { getSessionUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { Route } from './+types/_site.signin'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  // Spec §4: the sign-in page goes to / (or where the reader was going) once signed in.
  if (await getSessionUser(request)) throw redirect(redirectTo)
  return { redirectTo }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData())
  const email = typeof form.email === 'string' ? form.email : ''
  const parsed = signInSchema.safeParse(form)
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), formError: null, email }, { status: 400 })
  }
  const redirectTo = safeRedirect(parsed.data.redirectTo)
  const result = await signInWithPassword({ request, clientIp: context.clientIp }, parsed.data)
  if (!result.ok) {
    return data(
      { errors: {}, formError: result.message, email },
      { status: result.status, headers: result.headers },
    )
  }
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
  const { errors, onSubmit } = useFormErrors(signInSchema, actionData?.errors)
  const carry = redirectTo === '/' ? '' : `?redirectTo=${encodeURIComponent(redirectTo)}`
  return (
    <AuthCard
      title={`Welcome to ${brand}`}
      footer={
        <>
          <Link
            to="/forgot-password"
            className="text-muted-foreground underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
          <Link
            to={`/magic-link${carry}`}
            className="text-muted-foreground underline-offset-4 hover:underline"
          >
            Send a magic link email
          </Link>
          <Link
            to="/signup"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Don&apos;t have an account? Sign up
          </Link>
        </>
      }
    >
      {actionData?.formError ? (
        <FormMessage kind="error" title="Authentication Error" message={actionData.formError} />
      ) : null}
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
          name="password"
          label="Your Password"
          type="password"
          placeholder="Your password"
          autoComplete="current-password"
          errors={errors.password}
          required
        />
        <SubmitButton label="Sign in" pendingLabel="Signing in ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Sign in', matches)
