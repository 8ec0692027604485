import { ArrowLeft } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import type { BreadcrumbHandle } from '~/config/admin-navigation'
import { canManageIntegrations } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import {
  getWebhookEndpoint,
  listWebhookDeliveries,
  resendWebhookDelivery,
  WebhookError,
} from '~/domain/webhooks/webhook-endpoints.server'
import { DELIVERY_LOG_LENGTH, webhookLogActionSchema } from '~/domain/webhooks/webhooks-schema'
import { formatDateWithTime } from '~/lib/dates'
import { actionSuccess, failureFrom, parseId, parseIntent } from './+shared/action-results.server'
import { notFound } from './+shared/http-answers.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.integrations_.webhooks_.$id'

async function endpointOf(param: string | undefined) {
  const id = parseId(param ?? null)
  if (id === null) notFound('No such endpoint')
  try {
    return await getWebhookEndpoint(id)
  } catch (error) {
    if (error instanceof WebhookError) notFound('No such endpoint')
    throw error
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, canManageIntegrations)
  const endpoint = await endpointOf(params.id)
  const [deliveries, { timeZone }] = await Promise.all([
    listWebhookDeliveries(endpoint.id),
    getSiteSettings(),
  ])
  const when = (at: Date | null) => (at ? formatDateWithTime(at, timeZone) : null)
  return {
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      enabled: endpoint.enabled,
      disabledReason: endpoint.disabledReason,
      events: endpoint.events,
    },
    deliveries: deliveries.map((d) => ({
      id: d.id,
      messageId: d.messageId,
      eventType: d.eventType,
      status: d.status,
      attempts: d.attempts,
      statusCode: d.lastStatusCode,
      error: d.lastError,
      createdLabel: when(d.createdAt)!,
      lastAttemptLabel: when(d.lastAttemptAt),
      nextAttemptLabel: d.status === 'pending' ? when(d.nextAttemptAt) : null,
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireStaff(request, canManageIntegrations)
  const endpoint = await endpointOf(params.id)
  const titles = { resend: 'Error resending' }
  const parsed = parseIntent(await request.formData(), webhookLogActionSchema, { titles })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    await resendWebhookDelivery(endpoint.id, post.id)
    return actionSuccess({
      type: 'success',
      title: 'Delivery queued',
      description: 'It is sent again in a moment.',
    })
  } catch (error) {
    return failureFrom(error, { title: titles.resend, context, details: { post } })
  }
}

const STATUS_WORDS = { delivered: 'Delivered', pending: 'Waiting', failed: 'Failed' } as const
const STATUS_BADGE = { delivered: 'published', pending: 'draft', failed: 'destructive' } as const

export default function WebhookLogPage({ loaderData }: Route.ComponentProps) {
  const { endpoint, deliveries } = loaderData
  const busy = useNavigation().state !== 'idle'
  return (
    <>
      <div className="mb-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/integrations/webhooks">
            <ArrowLeft aria-hidden /> Webhooks
          </Link>
        </Button>
      </div>
      <PageHeader
        title="Delivery log"
        description={`The last ${DELIVERY_LOG_LENGTH} events sent to ${endpoint.url}.`}
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="[overflow-wrap:anywhere]">
              {endpoint.url}{' '}
              {endpoint.enabled ? null : <Badge variant="destructive">Disabled</Badge>}
            </h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {endpoint.events.join(', ')}
            {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : null}
          </p>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Response</TableHead>
                <TableHead className="hidden md:table-cell">Tries</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {deliveries.length === 0 ? (
                <TableEmptyRow colSpan={5}>Nothing sent yet.</TableEmptyRow>
              ) : null}
              {deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    <code className="text-sm">{d.eventType}</code>
                    <span className="mt-1 block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                      {d.createdLabel} · {d.messageId}
                    </span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={STATUS_BADGE[d.status as keyof typeof STATUS_BADGE]}>
                      {STATUS_WORDS[d.status as keyof typeof STATUS_WORDS] ?? d.status}
                    </Badge>
                    <span className="mt-1 block text-xs text-muted-foreground md:hidden">
                      {d.statusCode ?? '—'} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
                    </span>
                    {d.nextAttemptLabel ? (
                      <span className="mt-1 block text-xs text-muted-foreground">
                        Next try {d.nextAttemptLabel}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden text-sm md:table-cell">
                    {d.statusCode ?? '—'}
                    {d.error && d.error !== `HTTP ${d.statusCode}` ? (
                      <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        {d.error}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden text-sm md:table-cell">
                    {d.attempts}
                    {d.lastAttemptLabel ? (
                      <span className="block text-xs text-muted-foreground">
                        last {d.lastAttemptLabel}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="id" value={d.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={busy || !endpoint.enabled}
                        aria-label={`Resend ${d.eventType} ${d.messageId}`}
                      >
                        Resend
                      </Button>
                    </Form>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

// The breadcrumb names the endpoint's host: "Webhooks › example.com".
export const handle: BreadcrumbHandle = {
  breadcrumb: (data) => {
    const loaded = data as Route.ComponentProps['loaderData'] | undefined
    return loaded ? new URL(loaded.endpoint.url).host : null
  },
}

export const meta: Route.MetaFunction = () => [{ title: 'Delivery log · Webhooks · Admin Panel' }]
