import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { MemberEntitlements } from '~/components/admin/member-entitlements'
import { MemberGrantForm } from '~/components/admin/member-grant-form'
import { MemberHistory } from '~/components/admin/member-history'
import { PageHeader } from '~/components/admin/page-header'
import { Button } from '~/components/ui/button'
import type { BreadcrumbHandle } from '~/config/admin-navigation'
import { canManageMembers } from '~/domain/access/access-rules'
import { endEntitlement, grantComplimentary } from '~/domain/membership/entitlements.server'
import { getMember, listPlanChoices } from '~/domain/membership/members-queries.server'
import { endWording, memberActionSchema } from '~/domain/membership/members-schema'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatCalendarDate, formatDateWithTime, formatShortDate } from '~/lib/dates'
import { toWallTime } from '~/lib/time-zone'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { notFound } from './+shared/http-answers.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.members_.$userId'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, canManageMembers)
  const now = new Date()
  const [member, plans, { timeZone }] = await Promise.all([
    getMember(params.userId, now),
    listPlanChoices(),
    getSiteSettings(),
  ])
  if (!member) notFound('No such reader')
  return {
    member: {
      id: member.id,
      email: member.email,
      name: member.name,
      joinedLabel: formatShortDate(member.createdAt, timeZone),
    },
    entitlements: member.entitlements.map((row) => ({
      id: row.id,
      plan: row.plan,
      source: row.source,
      status: row.status,
      billingInterval: row.billingInterval,
      note: row.note,
      grantedBy: row.grantedBy,
      sinceLabel: formatShortDate(row.startsAt, timeZone),
      // Access runs to the end of the day before `endsAt`, in the paper's zone.
      untilLabel: row.endsAt
        ? endWording(
            row.source,
            row.status,
            formatShortDate(new Date(row.endsAt.getTime() - 1), timeZone),
          )
        : null,
    })),
    events: member.events.map((event) => ({
      id: event.id,
      kind: event.kind,
      plan: event.plan,
      details: event.details,
      by: event.by,
      atLabel: formatDateWithTime(event.at, timeZone),
    })),
    plans: plans.filter((plan) => !plan.archived),
    today: toWallTime(now, timeZone).slice(0, 10),
  }
}

const FAILURE_TITLE = {
  grant: 'Error granting access',
  end: 'Error ending membership',
} as const

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageMembers)
  const form = await request.formData()
  const parsed = parseIntent(form, memberActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    if (post.intent === 'grant') {
      await grantComplimentary(
        { userId: params.userId, planId: post.planId, until: post.until, note: post.note },
        user,
      )
      return actionSuccess({
        type: 'success',
        title: 'Access granted',
        description: `Complimentary access until ${formatCalendarDate(post.until)}.`,
      })
    }
    await endEntitlement(post.id, user, post.reason)
    return actionSuccess({ type: 'success', title: 'Membership ended' })
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[post.intent],
      context,
      details: { intent: post.intent, userId: params.userId },
    })
  }
}

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  const { member, entitlements, events, plans, today } = loaderData
  return (
    <>
      <PageHeader
        title={member.name || member.email}
        description={
          <>
            <span className="break-all">{member.email}</span> · account since {member.joinedLabel}
          </>
        }
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/members">
              <ArrowLeft aria-hidden="true" /> All members
            </Link>
          </Button>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid gap-6">
          <MemberEntitlements rows={entitlements} />
          <MemberHistory events={events} />
        </div>
        <MemberGrantForm plans={plans} minDay={today} />
      </div>
    </>
  )
}

// The breadcrumb names the reader: "Members › {name}".
export const handle: BreadcrumbHandle = {
  breadcrumb: (data) => {
    const { member } = data as Route.ComponentProps['loaderData']
    return member.name || member.email
  },
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.member.name || data?.member.email || 'Member'} · Members · Admin Panel` },
]
