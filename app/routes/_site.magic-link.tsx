import { Form, useActionData, useLoaderData } from 'react-router'
import { AuthCard, AuthCardLink } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { EmailField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { sendMagicLink } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { magicLinkSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
import { useFormErrors } from '~/lib/use-form-errors'
import {
  authFormAnswer,
  authFormFailure,
  invalidAuthForm,
  readAuthForm,
} from './+shared/auth-form.server'
import type { Route } from './+types/_site.magic-link'

const LINK_FAILED = 'This magic link is invalid or has expired. Send yourself a new one.'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  // A used or expired link comes back here with ?error=… (better-auth's errorCallbackURL).
  return {
    redirectTo: safeRedirect(url.searchParams.get('redirectTo')),
    linkFailed: url.searchParams.has('error'),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request, magicLinkSchema)
  const state: { sent: boolean; email: string } = { sent: false, email: form.email }
  if (!form.ok) return invalidAuthForm(form.error, state)
  const result = await sendMagicLink(
    { request, clientIp: context.clientIp },
    { email: form.data.email, redirectTo: safeRedirect(form.data.redirectTo) },
  )
  if (!result.ok) return authFormFailure(result, state)
  return authFormAnswer({ ...state, sent: true })
}

export default function MagicLinkPage() {
  const { redirectTo, linkFailed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(magicLinkSchema, actionData?.fieldErrors)
  return (
    <AuthCard
      title="Sign in with a magic link"
      description="We will email you a link that signs you in, and a one-time code."
      footer={
        <>
          <AuthCardLink to="/verify-otp">Have a one-time code? Verify token</AuthCardLink>
          <AuthCardLink to="/signin" primary>
            Already have an account? Sign in
          </AuthCardLink>
        </>
      }
    >
      {linkFailed && !actionData ? <FormMessage kind="error" message={LINK_FAILED} /> : null}
      <FormMessage kind="error" message={actionData?.formError} />
      {actionData?.sent ? <FormMessage kind="success" message={AUTH_TEXT.magicLinkSent} /> : null}
      <Form method="post" className="grid gap-4" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={actionData?.email} errors={errors.email} />
        <SubmitButton label="Send Magic Link" pendingLabel="Sending Magic Link ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  authMeta('Send a magic link email', matches)
