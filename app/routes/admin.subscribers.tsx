import { Download } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { ListPager } from '~/components/admin/list-pager'
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
  subscriberFilterOf,
  type SubscriberState,
} from '~/domain/newsletter/newsletter-admin-schema'
import {
  importSubscribersCsv,
  removeNewsletterSubscriber,
  suppressByHand,
} from '~/domain/newsletter/newsletter-admin.server'
import { listLists } from '~/domain/newsletter/lists.server'
import {
  listSubscribersPage,
  listSuppressions,
} from '~/domain/newsletter/newsletter-queries.server'
import { STATE_NAMES, SubscriberFilters } from '~/components/admin/subscriber-filters'
import { parsePageParam } from '~/lib/pagination'
import type { BadgeVariant } from '~/components/ui/badge'
import { canManageSubscribers } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatShortDate } from '~/lib/dates'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { csvUpload } from './+shared/csv-upload.server'
import type { Route } from './+types/admin.subscribers'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageSubscribers)
  const search = new URL(request.url).searchParams
  const page = parsePageParam(search)
  if (page === null) throw new Response('Bad page', { status: 400 })
  const filter = subscriberFilterOf(search)
  const [found, suppressions, lists, { timeZone }] = await Promise.all([
    listSubscribersPage(filter, page),
    listSuppressions(),
    listLists(),
    getSiteSettings(),
  ])
  // The day each joined, in the paper's time zone (lib/dates.ts).
  const withDay = <T extends { createdAt: Date }>(row: T) => ({
    ...row,
    createdLabel: formatShortDate(row.createdAt, timeZone),
  })
  return {
    subscribers: found.rows.map(withDay),
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
    filter,
    lists: lists.map((list) => ({ id: list.id, name: list.name })),
    suppressions: suppressions.map(withDay),
  }
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
      const upload = csvUpload(form, {
        title: FAILURE_TITLE.import,
        maxBytes: IMPORT_MAX_BYTES,
        tooLarge: 'The file is larger than 10 MB',
      })
      if (!upload.ok) return upload.response
      const report = await importSubscribersCsv(await upload.file.text())
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

const STATE_BADGES: Record<SubscriberState, BadgeVariant> = {
  confirmed: 'published',
  pending: 'draft',
  paused: 'archived',
  unsubscribed: 'hidden',
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
      <TableCell className="hidden whitespace-normal md:table-cell">
        {subscriber.lists.length > 0 ? subscriber.lists.join(', ') : '—'}
      </TableCell>
      <TableCell>
        <Badge variant={STATE_BADGES[subscriber.state]}>{STATE_NAMES[subscriber.state]}</Badge>
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
  const { subscribers, suppressions, total, page, pageCount, filter, lists } = loaderData
  const filtered = filter.listId !== null || filter.state !== null
  // The export is of the view: the same filters, every page.
  const exportQuery = new URLSearchParams()
  if (filter.listId !== null) exportQuery.set('list', String(filter.listId))
  if (filter.state !== null) exportQuery.set('state', filter.state)
  const exportHref = `/admin/subscribers/export${exportQuery.size ? `?${exportQuery}` : ''}`
  return (
    <>
      <PageHeader
        title="Subscribers"
        description={`${total} newsletter ${total === 1 ? 'subscriber' : 'subscribers'}${filtered ? ' in this view' : ''}.`}
        actions={
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden="true" /> Export CSV
            </a>
          </Button>
        }
      />
      <SubscriberFilters filter={filter} lists={lists} />
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead className="hidden md:table-cell">Lists</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden sm:table-cell">Subscribed</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {subscribers.length === 0 ? (
                <TableEmptyRow colSpan={5}>
                  {filtered ? 'No subscriber in this view.' : 'No subscribers yet.'}
                </TableEmptyRow>
              ) : null}
              {subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} />
              ))}
            </TableBody>
          </Table>
          <ListPager page={page} pageCount={pageCount} />
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
