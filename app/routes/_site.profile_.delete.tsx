import { Form, Link, useActionData, useLoaderData } from 'react-router'
import { AuthField } from '~/components/auth/auth-field'
import { authMeta } from '~/components/auth/auth-meta'
import { FormMessage } from '~/components/auth/form-message'
import { SubmitButton } from '~/components/auth/submit-button'
import { buttonVariants } from '~/components/ui/button'
import { canDeleteOwnAccount } from '~/domain/access/access-rules'
import {
  ACCOUNT_DELETED_TOAST,
  deleteAccountSchema,
  STAFF_ACCOUNT_CLOSING,
  type DeletionPreview,
} from '~/domain/users/account-deletion-schema'
import {
  AccountDeletionError,
  deleteOwnAccount,
  deletionPreview,
} from '~/domain/users/account-deletion.server'
import { signOut } from '~/domain/users/account.server'
import { requireUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import type { ActionResult } from '~/lib/action-result'
import { actionInvalid, failureFrom, formFields } from './+shared/action-results.server'
import type { Route } from './+types/_site.profile_.delete'

/*
 * "Delete account" from /profile (issue 38): what happens, what is kept, and the password (or
 * for an account without one, its address typed out) that says it is the reader. A plain form
 * post: it works without JavaScript. Staff accounts are closed by an admin; the action refuses
 * them whatever the page showed.
 */

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  if (!canDeleteOwnAccount(user)) return { staff: true as const, preview: null }
  return { staff: false as const, preview: await deletionPreview(user) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const fail = (error: unknown) =>
    failureFrom(error, { context, details: { userId: user.id, intent: 'delete-account' } })
  if (!canDeleteOwnAccount(user))
    return fail(new AccountDeletionError('STAFF', STAFF_ACCOUNT_CLOSING))
  const parsed = deleteAccountSchema.safeParse(formFields(await request.formData()))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await deleteOwnAccount(user, parsed.data, { clientIp: context.clientIp })
  } catch (error) {
    return fail(error)
  }
  // The account's sessions went with it: this clears the browser's cookies.
  const { headers } = await signOut({ request, clientIp: context.clientIp })
  return redirectWithToast('/', ACCOUNT_DELETED_TOAST, { headers })
}

export default function DeleteAccountPage() {
  const { staff, preview } = useLoaderData<typeof loader>()
  const answer: ActionResult | undefined = useActionData<typeof action>()
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Delete your account</h1>
      {staff ? (
        <p className="text-muted-foreground">{STAFF_ACCOUNT_CLOSING}</p>
      ) : (
        <DeletionForm preview={preview} answer={answer} />
      )}
      <p>
        <Link to="/profile" className={buttonVariants({ variant: 'outline' })}>
          {staff ? 'Back to your profile' : 'Keep my account'}
        </Link>
      </p>
    </div>
  )
}

function DeletionForm({
  preview,
  answer,
}: {
  preview: DeletionPreview
  answer: ActionResult | undefined
}) {
  const stripe = preview.running.filter((m) => m.throughStripe)
  const other = preview.running.filter((m) => !m.throughStripe)
  return (
    <>
      <p>This cannot be undone. Here is what happens when you delete {preview.email}.</p>
      <section aria-labelledby="deletion-goes" className="grid gap-2">
        <h2 id="deletion-goes" className="font-serif text-xl font-semibold">
          What happens
        </h2>
        <ul className="grid list-disc gap-2 pl-5">
          {stripe.map((m) => (
            <li key={`stripe-${m.plan}`}>
              Your {m.plan} subscription is cancelled in Stripe at once, before anything else: no
              further payment is taken, and your access ends now.
            </li>
          ))}
          {other.map((m) => (
            <li key={`other-${m.plan}`}>Your {m.plan} membership ends now.</li>
          ))}
          <li>
            Your account is removed, with its sign-ins, sessions and two-factor settings, the
            stories counted by the meter and the gift links you made (they stop opening).
          </li>
          {preview.newsletter ? (
            <li>
              The newsletter subscription of {preview.email} is removed, with its choices: no more
              newsletters are sent to it.
            </li>
          ) : null}
          <li>You are signed out everywhere, and this address can sign up again as new.</li>
        </ul>
      </section>
      <section aria-labelledby="deletion-kept" className="grid gap-2">
        <h2 id="deletion-kept" className="font-serif text-xl font-semibold">
          What is kept
        </h2>
        <ul className="grid list-disc gap-2 pl-5">
          {preview.paidThroughStripe ? (
            <li>
              Your payment records (invoices and receipts) stay with Stripe, our payment provider,
              as the law requires. Save any receipts you want from your profile first: this site
              cannot show them to you afterwards.
            </li>
          ) : (
            <li>No payment records: you have made no payments here.</li>
          )}
          {preview.everMember ? (
            <li>
              An anonymous record of your membership (the plan, its dates and status, without your
              name, address or payment details), so that the paper&apos;s figures stay right.
            </li>
          ) : null}
        </ul>
      </section>
      <Form
        method="post"
        className="grid gap-4 rounded-lg border border-destructive/50 p-5 sm:max-w-md"
      >
        <FormMessage kind="error" message={answer?.formError} />
        {preview.proof === 'password' ? (
          <AuthField
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            errors={answer?.fieldErrors?.password}
            required
          />
        ) : (
          <AuthField
            name="email"
            label={`Type your email address (${preview.email}) to confirm`}
            type="email"
            autoComplete="off"
            errors={answer?.fieldErrors?.email}
            required
          />
        )}
        <SubmitButton
          label="Delete my account"
          pendingLabel="Deleting account ..."
          variant="destructive"
          className="justify-self-start"
        />
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => authMeta('Delete your account', matches)
