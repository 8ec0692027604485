import { Download } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { EmailAddress } from '~/components/admin/email-address'
import { SubscriberImport } from '~/components/admin/subscriber-import'
import { SuppressionList } from '~/components/admin/suppression-list'
import {
  IMPORT_MAX_BYTES,
  subscriberActionSchema,
} from '~/domain/newsletter/newsletter-admin-schema'
import {
  importSubscribersCsv,
  removeNewsletterSubscriber,
  suppressByHand,
} from '~/domain/newsletter/newsletter-admin.server'
import {
  listNewsletterSubscribers,
  listSuppressions,
} from '~/domain/newsletter/newsletter-queries.server'
import { canManageSubscribers } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatShortDate } from '~/lib/dates'
import { requireStaff } from './+shared/require-access.server'
import {
  actionError,
  actionSuccess,
  failureFrom,
  parseIntent,
} from './+shared/action-results.server'
import type { Route } from './+types/admin.subscribers'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageSubscribers)
  const [subscribers, suppressions, { timeZone }] = await Promise.all([
    listNewsletterSubscribers(),
    listSuppressions(),
    getSiteSettings(),
  ])
  // The day each joined, in the paper's time zone (lib/dates.ts).
  const withDay = <T extends { createdAt: Date }>(row: T) => ({
    ...row,
    createdLabel: formatShortDate(row.createdAt, timeZone),
  })
  return { subscribers: subscribers.map(withDay), suppressions: suppressions.map(withDay) }
}

const FAILURE_TITLE = {
  remove: 'Error removing subscriber',
  import: 'Import failed',
  suppress: 'Error suppressing address',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageSubscribers)
  const form = await request.formData()
  const parsed = parseIntent(form, subscriberActionSchema, {
    titles: FAILURE_TITLE,
    toastIntents: ['suppress'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    if (post.intent === 'import') {
      const file = form.get('file')
      if (!(file instanceof File) || file.size === 0) {
        return actionError(400, FAILURE_TITLE.import, 'Choose a CSV file to import')
      }
      if (file.size > IMPORT_MAX_BYTES) {
        return actionError(400, FAILURE_TITLE.import, 'The file is larger than 10 MB')
      }
      const report = await importSubscribersCsv(await file.text())
      const skipped = report.invalid.length
      return actionSuccess(
        {
          type: skipped ? 'info' : 'success',
          title: 'Subscribers imported',
          description: `${report.imported} added, ${report.existing} already here, ${report.suppressed} suppressed, ${skipped} refused.`,
        },
        { report },
      )
    }
    if (post.intent === 'suppress') {
      await suppressByHand(post.email)
      return actionSuccess({ type: 'success', title: 'Address suppressed' })
    }
    await removeNewsletterSubscriber(post.id)
    return actionSuccess({ type: 'success', title: 'Subscriber removed' })
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

function SubscriberRow({
  subscriber,
}: {
  subscriber: Route.ComponentProps['loaderData']['subscribers'][number]
}) {
  const remover = useFetcher<ActionResult>()
  useActionToast(remover.data)
  return (
    <TableRow aria-busy={remover.state !== 'idle' || undefined}>
      <TableCell className="font-medium">
        <EmailAddress email={subscriber.email} />
        {/* Narrow screens fold the date under the address so the action stays in view. */}
        <span className="mt-0.5 block text-xs font-normal text-muted-foreground sm:hidden">
          {subscriber.createdLabel}
        </span>
      </TableCell>
      <TableCell>
        {subscriber.confirmedAt ? (
          <Badge variant="published">Confirmed</Badge>
        ) : (
          <Badge variant="draft">Not confirmed</Badge>
        )}
      </TableCell>
      <TableCell className="hidden sm:table-cell">{subscriber.createdLabel}</TableCell>
      <TableCell className="text-right">
        <ConfirmRowDelete
          question="Are you sure you want to remove this subscriber?"
          description={`${subscriber.email} will no longer receive any newsletter, and joins the suppression list.`}
          label="Remove"
          onConfirm={() =>
            remover.submit({ intent: 'remove', id: String(subscriber.id) }, { method: 'post' })
          }
          name={subscriber.email}
          busy={remover.state !== 'idle'}
        />
      </TableCell>
    </TableRow>
  )
}

export default function SubscribersPage({ loaderData }: Route.ComponentProps) {
  const { subscribers, suppressions } = loaderData
  const confirmed = subscribers.filter((s) => s.confirmedAt).length
  return (
    <>
      <PageHeader
        title="Subscribers"
        description={`${subscribers.length} newsletter ${subscribers.length === 1 ? 'subscriber' : 'subscribers'}, ${confirmed} confirmed.`}
        actions={
          <Button asChild variant="outline">
            <a href="/admin/subscribers/export" download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        }
      />
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden sm:table-cell">Subscribed</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {subscribers.length === 0 ? (
                <TableEmptyRow colSpan={4}>No subscribers yet.</TableEmptyRow>
              ) : null}
              {subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <SubscriberImport />
        <SuppressionList suppressions={suppressions} />
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Subscribers · Admin Panel' }]
