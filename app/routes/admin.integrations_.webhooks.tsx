import { Form, Link, useActionData, useNavigation } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { canManageIntegrations } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  setWebhookEndpointEnabled,
} from '~/domain/webhooks/webhook-endpoints.server'
import { joinEvents, WEBHOOK_URL_MAX, webhookActionSchema } from '~/domain/webhooks/webhooks-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatDateWithTime } from '~/lib/dates'
import { WEBHOOK_EVENTS } from '~/lib/webhook-events'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.integrations_.webhooks'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageIntegrations)
  const [rows, { timeZone }] = await Promise.all([listWebhookEndpoints(), getSiteSettings()])
  return {
    endpoints: rows.map((r) => ({
      id: r.id,
      url: r.url,
      events: r.events,
      secretPrefix: r.secretPrefix,
      enabled: r.enabled,
      disabledReason: r.disabledReason,
      createdLabel: formatDateWithTime(r.createdAt, timeZone),
      delivered: r.delivered,
      failed: r.failed,
      pending: r.pending,
    })),
  }
}

const FAILURE_TITLE = {
  create: 'Error adding endpoint',
  disable: 'Error disabling endpoint',
  enable: 'Error enabling endpoint',
  delete: 'Error deleting endpoint',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageIntegrations)
  const form = joinEvents(await request.formData())
  const parsed = parseIntent(form, webhookActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create': {
        const { endpoint, secret } = await createWebhookEndpoint({
          url: post.url,
          events: post.events,
          createdBy: user.id,
        })
        // The secret leaves the server this once; the table keeps it sealed.
        return actionSuccess(
          {
            type: 'success',
            title: 'Endpoint added',
            description: 'Copy its signing secret now: it is not shown again.',
          },
          { secret, url: endpoint.url },
        )
      }
      case 'disable':
      case 'enable': {
        const row = await setWebhookEndpointEnabled(post.id, post.intent === 'enable')
        return actionSuccess({
          type: 'success',
          title: row.enabled ? 'Endpoint enabled' : 'Endpoint disabled',
          description: row.enabled
            ? `Events go to ${row.url} again.`
            : `No events go to ${row.url} until it is enabled.`,
        })
      }
      case 'delete': {
        const row = await deleteWebhookEndpoint(post.id)
        return actionSuccess({
          type: 'success',
          title: 'Endpoint deleted',
          description: `${row.url} and its delivery log are gone.`,
        })
      }
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

type CreateAnswer = ActionResult<{ secret?: string; url?: string }>

export default function WebhooksPage({ loaderData }: Route.ComponentProps) {
  const { endpoints } = loaderData
  const answer = useActionData<CreateAnswer>()
  const busy = useNavigation().state !== 'idle'
  const urlError = answer?.fieldErrors?.url?.[0]
  const eventsError = answer?.fieldErrors?.events?.[0]
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Addresses the site tells when published content changes, each request signed per Standard Webhooks."
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Add an endpoint</h2>
            </CardTitle>
            <CardDescription>
              docs/webhooks.md shows how a receiver checks the signature.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {answer?.secret ? (
              <div
                role="status"
                className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-4"
              >
                <p className="font-medium [overflow-wrap:anywhere]">
                  Signing secret for {answer.url}
                </p>
                <p className="text-sm text-muted-foreground">
                  Copy it now: it is shown only this once.
                </p>
                <code
                  data-testid="new-webhook-secret"
                  className="block rounded bg-muted p-2 font-mono text-sm [overflow-wrap:anywhere]"
                >
                  {answer.secret}
                </code>
              </div>
            ) : null}
            <Form key={answer?.secret ?? 'new'} method="post" className="grid gap-4 sm:max-w-xl">
              <input type="hidden" name="intent" value="create" />
              <div className="grid gap-2">
                <Label htmlFor="webhook-url">Address</Label>
                <Input
                  id="webhook-url"
                  name="url"
                  type="url"
                  required
                  placeholder="https://example.com/hooks/broadsheet"
                  maxLength={WEBHOOK_URL_MAX}
                  aria-invalid={urlError ? true : undefined}
                  aria-describedby={urlError ? 'webhook-url-error' : undefined}
                />
                {urlError ? (
                  <p id="webhook-url-error" role="alert" className="text-sm text-destructive">
                    {urlError}
                  </p>
                ) : null}
              </div>
              <fieldset
                className="grid gap-2"
                aria-invalid={eventsError ? true : undefined}
                aria-describedby={eventsError ? 'webhook-events-error' : undefined}
              >
                <legend className="mb-2 text-sm font-medium">Events</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {WEBHOOK_EVENTS.map((event) => (
                    <div key={event.type} className="flex items-center gap-2">
                      <Checkbox
                        id={`webhook-event-${event.type}`}
                        name="events"
                        value={event.type}
                        defaultChecked={event.type.startsWith('article.')}
                      />
                      <Label htmlFor={`webhook-event-${event.type}`} className="font-normal">
                        {event.label}{' '}
                        <code className="text-xs text-muted-foreground">{event.type}</code>
                      </Label>
                    </div>
                  ))}
                </div>
                {eventsError ? (
                  <p id="webhook-events-error" role="alert" className="text-sm text-destructive">
                    {eventsError}
                  </p>
                ) : null}
              </fieldset>
              <div>
                <Button type="submit" disabled={busy}>
                  Add endpoint
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Endpoints ({endpoints.length})</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Address</TableHead>
                  <TableHead className="hidden md:table-cell">Deliveries</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {endpoints.length === 0 ? (
                  <TableEmptyRow colSpan={3}>No endpoints yet.</TableEmptyRow>
                ) : null}
                {endpoints.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="[overflow-wrap:anywhere]">
                      <Link className="font-medium underline" to={String(e.id)}>
                        {e.url}
                      </Link>{' '}
                      {e.enabled ? null : <Badge variant="destructive">Disabled</Badge>}
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {e.events.join(', ')} · secret {e.secretPrefix}… · added {e.createdLabel}
                      </span>
                      {e.disabledReason ? (
                        <span className="mt-1 block text-xs text-muted-foreground">
                          {e.disabledReason}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-sm md:table-cell">
                      {e.delivered} delivered · {e.pending} waiting · {e.failed} failed
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex flex-wrap justify-end gap-2">
                        <Form method="post">
                          <input
                            type="hidden"
                            name="intent"
                            value={e.enabled ? 'disable' : 'enable'}
                          />
                          <input type="hidden" name="id" value={e.id} />
                          <Button
                            type="submit"
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            aria-label={`${e.enabled ? 'Disable' : 'Enable'} ${e.url}`}
                          >
                            {e.enabled ? 'Disable' : 'Enable'}
                          </Button>
                        </Form>
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={e.id} />
                          <Button
                            type="submit"
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            aria-label={`Delete ${e.url}`}
                          >
                            Delete
                          </Button>
                        </Form>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Webhooks · Admin Panel' }]
