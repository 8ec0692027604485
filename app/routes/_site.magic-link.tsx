import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { AuthCard } from '~/components/auth/auth-card'
import { authMeta } from '~/components/auth/auth-meta'
import { AuthField } from '~/components/auth/auth-field'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { useFormErrors } from '~/components/auth/use-form-errors'
import { sendMagicLink } from '~/domain/users/account.server'
import { AUTH_TEXT } from '~/domain/users/auth-messages'
import { fieldErrors, magicLinkSchema } from '~/domain/users/auth-schema'
import { safeRedirect } from '~/domain/users/redirect'
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
  const form = Object.fromEntries(await request.formData())
  const email = typeof form.email === 'string' ? form.email : ''
  const parsed = magicLinkSchema.safeParse(form)
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), formError: null, sent: false, email },
      { status: 400 },
    )
  }
  const result = await sendMagicLink(
    { request, clientIp: context.clientIp },
    { email: parsed.data.email, redirectTo: safeRedirect(parsed.data.redirectTo) },
  )
  if (!result.ok) {
    return data(
      { errors: {}, formError: result.message, sent: false, email },
      { status: result.status, headers: result.headers },
    )
  }
  return { errors: {}, formError: null, sent: true, email }
}

export default function MagicLinkPage() {
  const { redirectTo, linkFailed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { errors, onSubmit } = useFormErrors(magicLinkSchema, actionData?.errors)
  return (
    <AuthCard
      title="Sign in with a magic link"
      description="We will email you a link that signs you in, and a one-time code."
      footer={
        <>
          <Link
            to="/verify-otp"
            className="text-muted-foreground underline-offset-4 hover:underline"
          >
            Have a one-time code? Verify token
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
      {linkFailed && !actionData ? <FormMessage kind="error" message={LINK_FAILED} /> : null}
      {actionData?.formError ? <FormMessage kind="error" message={actionData.formError} /> : null}
      {actionData?.sent ? <FormMessage kind="success" message={AUTH_TEXT.magicLinkSent} /> : null}
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
        />
        <SubmitButton label="Send Magic Link" pendingLabel="Sending Magic Link ..." />
      </Form>
    </AuthCard>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  authMeta('Send a magic link email', matches)
