import { Form, Link } from 'react-router'
import { ProfileSection } from '~/components/auth/profile-section'
import { outlineButtonClass, primaryButtonClass } from '~/components/site/styles'
import type { ProfileMembershipView } from '~/domain/membership/profile-membership'

/** The profile's membership card: plans held, their renewal or end, billing and receipts. */
export function ProfileMembership({ membership }: { membership: ProfileMembershipView }) {
  const { memberships, manageBilling, receipts, receiptsUnavailable } = membership
  return (
    <ProfileSection
      id="membership"
      title="Membership"
      description="Your plan, when it renews or ends, and your receipts."
    >
      {memberships.length === 0 ? (
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            You have no paid plan. Members read every story.
          </p>
          <Link to="/subscribe" className={`${primaryButtonClass} h-10 w-fit px-5`}>
            See the plans
          </Link>
        </div>
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-2">
            {memberships.map((m) => (
              <li
                key={m.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border px-4 py-3"
              >
                <span className="font-medium">{m.plan}</span>
                <span className="text-sm text-muted-foreground">
                  {m.status}
                  {m.when ? ` · ${m.when}` : ''}
                </span>
              </li>
            ))}
          </ul>
          {manageBilling ? (
            <Form method="post" action="/profile/billing">
              <button type="submit" className={`${outlineButtonClass} h-10 w-fit px-5`}>
                Manage billing
              </button>
            </Form>
          ) : null}
          {receiptsUnavailable ? (
            <p className="text-sm text-muted-foreground">
              Your receipts could not be loaded just now. Try again later.
            </p>
          ) : receipts.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="text-sm font-semibold">Receipts</h3>
              <ul className="grid gap-1 text-sm">
                {receipts.map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-x-4">
                    <span>{r.date}</span>
                    <span className="tabular-nums">
                      {r.amount} · {r.status}
                      {r.url ? (
                        <>
                          {' · '}
                          <a href={r.url} className="underline underline-offset-2">
                            View
                          </a>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </ProfileSection>
  )
}
