import { Form, useFetcher, useRevalidator } from 'react-router'
import { ConfirmAction } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { EmailAddress } from '~/components/admin/email-address'
import { InviteStaffDialog, PendingInvitations } from '~/components/admin/staff-invitations'
import {
  inviteStaff,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from '~/domain/users/invitations.server'
import { userActionSchema, userSearchSchema } from '~/domain/users/user-roles-schema'
import { deactivateUser, reactivateUser } from '~/domain/users/deactivation.server'
import { Input } from '~/components/ui/input'
import { setUserRole } from '~/domain/users/user-roles.server'
import { listUsersForAdmin } from '~/domain/users/users-admin-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatDateWithTime, formatShortDate } from '~/lib/dates'
import { logger } from '~/infra/logger.server'
import {
  canManageUsers,
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  ROLES,
  type Role,
} from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.users'

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, canManageUsers)
  const q = userSearchSchema.parse(new URL(request.url).searchParams.get('q') ?? '')
  try {
    const [users, pending, { timeZone }] = await Promise.all([
      listUsersForAdmin(q),
      listPendingInvitations(),
      getSiteSettings(),
    ])
    // Until when each link works, in the paper's time zone (lib/dates.ts).
    const invitations = pending.map((invitation) => ({
      ...invitation,
      expiresLabel: formatDateWithTime(invitation.expiresAt, timeZone),
    }))
    return {
      // A day in a back-office list, in the paper's zone (docs/product.md "Dates and times").
      users: users.map((user) => ({
        ...user,
        createdLabel: formatShortDate(user.createdAt, timeZone),
      })),
      invitations,
      loadFailed: false,
      myId: me.id,
      q,
    }
  } catch (error) {
    logger.error({ err: error, requestId: context.requestId }, 'users list failed')
    return { users: [], invitations: [], loadFailed: true, myId: me.id, q }
  }
}

const FAILURE_TITLE = {
  'set-role': 'Error',
  deactivate: 'Could not deactivate the account',
  reactivate: 'Could not reactivate the account',
  invite: 'Could not send the invitation',
  'resend-invitation': 'Could not resend the invitation',
  'revoke-invitation': 'Could not revoke the invitation',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(request, canManageUsers)
  const parsed = parseIntent(await request.formData(), userActionSchema, {
    titles: FAILURE_TITLE,
    hiddenFields: ['userId', 'role', 'invitationId'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    if (post.intent === 'invite') {
      const invited = await inviteStaff(post, me.id)
      return actionSuccess({
        type: 'success',
        title: 'Invitation sent',
        description: `${invited.email} will get a link to join as ${ROLE_NAMES[invited.role].toLowerCase()}.`,
      })
    }
    if (post.intent === 'resend-invitation') {
      const resent = await resendInvitation(post.invitationId)
      return actionSuccess({
        type: 'success',
        title: 'Invitation sent again',
        description: `${resent.email} has a new link; the previous one no longer works.`,
      })
    }
    if (post.intent === 'revoke-invitation') {
      const revoked = await revokeInvitation(post.invitationId)
      return actionSuccess({
        type: 'success',
        title: 'Invitation revoked',
        description: `The link sent to ${revoked.email} no longer works.`,
      })
    }
    if (post.intent === 'deactivate') {
      await deactivateUser(post.userId, me.id)
      return actionSuccess({
        type: 'success',
        title: 'Account deactivated',
        description: 'It can no longer sign in and its sessions have ended. Its bylines stay.',
      })
    }
    if (post.intent === 'reactivate') {
      await reactivateUser(post.userId)
      return actionSuccess({
        type: 'success',
        title: 'Account reactivated',
        description: 'It can sign in again with its role.',
      })
    }
    await setUserRole(post)
    return actionSuccess({
      type: 'success',
      title: 'Success',
      description: 'User role updated successfully',
    })
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, invitations, loadFailed, myId, q } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const revalidator = useRevalidator()
  // docs/product.md §4: all role buttons are disabled while an update is in progress.
  const updating = fetcher.state !== 'idle'

  return (
    <>
      <PageHeader
        title="Users"
        description="Staff roles open the back office: contributors write and submit, authors also publish their own articles, editors run the desk, admins run the site. The last admin cannot be removed."
        actions={<InviteStaffDialog />}
      />
      {loadFailed ? (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Failed to load users. Please try again.
            <Button
              variant="link"
              className="h-auto p-0"
              onClick={() => revalidator.revalidate()}
              disabled={revalidator.state !== 'idle'}
            >
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <Input
          type="search"
          name="q"
          defaultValue={q}
          aria-label="Search users"
          placeholder="Search by e-mail or name"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      <PendingInvitations invitations={invitations} />
      {q && users.length === 0 && !loadFailed ? (
        <p className="mb-4 text-sm text-muted-foreground">No users match “{q}”.</p>
      ) : null}
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead className="hidden sm:table-cell">Role</TableHead>
                <TableHead className="hidden sm:table-cell">Created At</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isMe={user.id === myId}
                  disabled={updating}
                  onRoleChange={(role) =>
                    fetcher.submit(
                      { intent: 'set-role', userId: user.id, role },
                      { method: 'post' },
                    )
                  }
                  onActiveChange={(active) =>
                    fetcher.submit(
                      { intent: active ? 'reactivate' : 'deactivate', userId: user.id },
                      { method: 'post' },
                    )
                  }
                />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

function UserRow({
  user,
  isMe,
  disabled,
  onRoleChange,
  onActiveChange,
}: {
  user: {
    id: string
    email: string
    role: Role
    createdLabel: string
    deactivatedAt: Date | string | null
  }
  isMe: boolean
  disabled: boolean
  onRoleChange: (role: Role) => void
  onActiveChange: (active: boolean) => void
}) {
  const deactivated = user.deactivatedAt !== null
  const isAdmin = user.role === 'admin'
  const created = user.createdLabel
  return (
    <TableRow>
      <TableCell className="font-medium">
        <EmailAddress email={user.email} />
        {isMe ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
        {deactivated ? (
          <Badge variant="outline" className="ml-2">
            Deactivated
          </Badge>
        ) : null}
        {/* Narrow screens fold the role and date under the address so the actions stay in view. */}
        <span
          className="mt-1 flex items-center gap-2 text-xs font-normal text-muted-foreground sm:hidden"
          suppressHydrationWarning
        >
          <Badge variant={isAdmin ? 'default' : 'secondary'}>{user.role}</Badge>
          {created}
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <Badge variant={isAdmin ? 'default' : 'secondary'}>{user.role}</Badge>
      </TableCell>
      <TableCell className="hidden sm:table-cell" suppressHydrationWarning>
        {created}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Select
            value={isAdmin ? undefined : user.role}
            onValueChange={(role) => onRoleChange(role as Role)}
            disabled={disabled || isAdmin}
          >
            <SelectTrigger
              className="h-8 w-32 sm:w-36"
              aria-label={`Role of ${user.email}`}
              title={isAdmin ? 'Use Remove Admin first' : undefined}
            >
              {/* The role as text, drawn on the server too: Radix fills a bare Value only
                  once its items have mounted in the browser, so the menu painted empty. */}
              <SelectValue placeholder="Admin">{ROLE_NAMES[user.role]}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {ROLES.filter((role) => role !== 'admin').map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_NAMES[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {isAdmin ? (
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => onRoleChange('viewer')}
            >
              Remove Admin<span className="sr-only"> for {user.email}</span>
            </Button>
          ) : (
            <ConfirmAction
              question={`Make ${user.email} an admin?`}
              description={`An admin can do everything: ${ROLE_DESCRIPTIONS.admin.replace(/^Also /, '').replace(/\.$/, '')}, as well as write, publish and delete anyone’s articles. They will be signed out and sign in again with the new role.`}
              confirmLabel="Make Admin"
              tone="default"
              onConfirm={() => onRoleChange('admin')}
              trigger={
                // Outline like the row's other actions: promotion is offered on every row, and
                // a solid button on each would shout over the list (it asks before it acts).
                <Button variant="outline" size="sm" disabled={disabled}>
                  Make Admin<span className="sr-only"> for {user.email}</span>
                </Button>
              }
            />
          )}
          {isMe ? null : deactivated ? (
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => onActiveChange(true)}
            >
              Reactivate<span className="sr-only"> {user.email}</span>
            </Button>
          ) : (
            <ConfirmAction
              question={`Deactivate ${user.email}?`}
              description="The account is signed out everywhere at once and cannot sign in until it is reactivated. Its articles and bylines stay."
              confirmLabel="Deactivate"
              onConfirm={() => onActiveChange(false)}
              trigger={
                <Button variant="outline" size="sm" disabled={disabled}>
                  Deactivate<span className="sr-only"> {user.email}</span>
                </Button>
              }
            />
          )}
        </div>
      </TableCell>
    </TableRow>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Users · Admin Panel' }]
