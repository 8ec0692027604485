import { Form, redirect, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField, EmailField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useBrand } from '~/components/auth/use-brand'
import { signUp } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { signUpSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { getSessionUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import { useFormErrors } from '~/lib/use-form-errors'
import {
  authFormAnswer,
  authFormFailure,
  invalidAuthForm,
  readAuthForm,
} from './+shared/auth-form.server'
import type { Route } from './+types/_site.signup'

// docs/product.md §4: the sign-up page goes to / (or where the reader was going: a story's wall
// sends them here with its way back) whenever a session exists.
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
  if (await getSessionUser(request)) throw redirect(redirectTo)
  return { redirectTo }
}

/**
 * A new account is a viewer. By default it is signed in at once (and gets a mail to confirm
 * its address); with REQUIRE_EMAIL_VERIFICATION there is no session until the link is followed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, signUpSchema)
  const state: { confirmation: boolean; email: string } = { confirmation: false, email: form.email }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const result = await signUp({ request, clientIp: context.clientIp }, form.data)
  if (!result.ok) return authFormFailure(result, state)
  // Signed in at once: the toast still says where the confirmation link went.
  if (result.data.token) {
    return redirectWithToast(
      safeRedirect(form.data.redirectTo),
      {
        type: 'success',
        title: 'Check your inbox',
        description: `We sent a link to ${form.data.email} to confirm your address.`,
      },
      { headers: result.headers },
    )
  }
  return authFormAnswer({ ...state, confirmation: true }, { headers: result.headers })
}

export default function SignUpPage() {
  const { redirectTo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const brand = useBrand()
  const { errors, onSubmit } = useFormErrors(signUpSchema, actionData?.fieldErrors)
  return (
    <AuthCard
      title={`Join ${brand}`}
      footer={
        <AuthCardLink
          to={
            redirectTo === '/' ? '/signin' : `/signin?redirectTo=${encodeURIComponent(redirectTo)}`
          }
          primary
        >
          Already have an account? Sign in
        </AuthCardLink>
      }
    >
      <FormMessage kind="error" title="Authentication Error" message={actionData?.formError} />
      {actionData?.confirmation ? (
        <FormMessage
          kind="success"
          title="Check your inbox"
          message={AUTH_TEXT.signUpConfirmation}
        />
      ) : (
        <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <EmailField defaultValue={actionData?.email} errors={errors.email} required />
          <AuthField
            name="password"
            label="Create a Password"
            type="password"
            placeholder="Your password"
            autoComplete="new-password"
            minLength={8}
            errors={errors.password}
            required
          />
          <SubmitButton label="Sign up" pendingLabel="Signing up ..." />
        </Form>
      )}
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Sign up', matches)
