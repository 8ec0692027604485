import { useFetcher, useRevalidator } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { userActionSchema } from '~/domain/users/user-roles-schema'
import { setUserRole } from '~/domain/users/user-roles.server'
import { listUsersForAdmin } from '~/domain/users/users-admin-queries.server'
import { logger } from '~/infra/logger.server'
import { canManageUsers } from '~/domain/access/access-rules'
import { requireStaff } from '~/domain/access/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.users'

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaff(request, canManageUsers)
  try {
    return { users: await listUsersForAdmin(), loadFailed: false, myId: me.id }
  } catch (error) {
    logger.error({ err: error, requestId: context.requestId }, 'users list failed')
    return { users: [], loadFailed: true, myId: me.id }
  }
}

const FAILURE_TITLE = { 'set-role': 'Error' } as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageUsers)
  const parsed = parseIntent(await request.formData(), userActionSchema, {
    titles: FAILURE_TITLE,
    hiddenFields: ['userId', 'role'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
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
  const { users, loadFailed, myId } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const revalidator = useRevalidator()
  // Spec §4: all role buttons are disabled while an update is in progress.
  const updating = fetcher.state !== 'idle'

  return (
    <>
      <PageHeader
        title="Users"
        description="Admins can use this back office. The last admin cannot be removed."
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
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="hidden sm:table-cell">Created At</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => {
                const isAdmin = user.role === 'admin'
                return (
                  <TableRow key={user.id}>
                    <TableCell className="font-medium [overflow-wrap:anywhere]">
                      {user.email}
                      {user.id === myId ? (
                        <span className="ml-2 text-xs text-muted-foreground">(you)</span>
                      ) : null}
                      {/* Narrow screens fold the date under the address so the action stays in view. */}
                      <span
                        className="mt-0.5 block text-xs font-normal text-muted-foreground sm:hidden"
                        suppressHydrationWarning
                      >
                        {new Date(user.createdAt).toLocaleDateString()}
                      </span>
                    </TableCell>
                    <TableCell>
                      <Badge variant={isAdmin ? 'default' : 'secondary'}>{user.role}</Badge>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell" suppressHydrationWarning>
                      {new Date(user.createdAt).toLocaleDateString()}
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant={isAdmin ? 'outline' : 'default'}
                        size="sm"
                        disabled={updating}
                        onClick={() =>
                          fetcher.submit(
                            {
                              intent: 'set-role',
                              userId: user.id,
                              role: isAdmin ? 'viewer' : 'admin',
                            },
                            { method: 'post' },
                          )
                        }
                      >
                        {isAdmin ? 'Remove Admin' : 'Make Admin'}
                        <span className="sr-only"> for {user.email}</span>
                      </Button>
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Users · Admin Panel' }]
