import { Link } from 'react-router'
import { buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { STAFF_ACCOUNT_CLOSING } from '~/domain/users/account-deletion-schema'

/**
 * The profile's last part, its danger zone: a reader's way to /profile/delete, or for staff,
 * who closes their account instead (the deletion's action refuses staff whatever this shows).
 */
export function ProfileDeleteAccount({ deletable }: { deletable: boolean }) {
  return (
    <section aria-labelledby="delete-account-title" id="delete-account" className="scroll-mt-28">
      <Card className="border-destructive/50">
        <CardHeader>
          <h2 id="delete-account-title" className="font-serif text-xl font-semibold">
            Delete account
          </h2>
          <CardDescription>
            {deletable
              ? 'Remove your account and what is tied to it. A subscription is cancelled first.'
              : STAFF_ACCOUNT_CLOSING}
          </CardDescription>
        </CardHeader>
        {deletable ? (
          <CardContent>
            <Link to="/profile/delete" className={buttonVariants({ variant: 'destructive' })}>
              Delete account…
            </Link>
          </CardContent>
        ) : null}
      </Card>
    </section>
  )
}
