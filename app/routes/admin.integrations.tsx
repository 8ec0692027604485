import { Form, Link, useActionData, useNavigation } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
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
import { CONTENT_API_BASE, contentApiDocument } from '~/domain/content-api/openapi'
import {
  INTEGRATION_NAME_MAX,
  integrationActionSchema,
} from '~/domain/integrations/integrations-schema'
import {
  createIntegration,
  listIntegrations,
  revokeIntegration,
} from '~/domain/integrations/integrations.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import type { ActionResult } from '~/lib/action-result'
import { formatDateWithTime } from '~/lib/dates'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.integrations'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageIntegrations)
  const [rows, { timeZone }] = await Promise.all([listIntegrations(), getSiteSettings()])
  const document = contentApiDocument(getEnv().siteUrl)
  return {
    base: `${getEnv().siteUrl}${CONTENT_API_BASE}`,
    integrations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      fullText: r.fullText,
      keyPrefix: r.keyPrefix,
      createdLabel: formatDateWithTime(r.createdAt, timeZone),
      lastUsedLabel: r.lastUsedAt ? formatDateWithTime(r.lastUsedAt, timeZone) : 'Never',
      revokedLabel: r.revokedAt ? formatDateWithTime(r.revokedAt, timeZone) : null,
    })),
    // The reference below the list, read from the OpenAPI document (never written twice).
    endpoints: Object.entries(document.paths).map(([path, item]) => ({
      path,
      summary: (item as { get: { summary: string } }).get.summary,
    })),
  }
}

const FAILURE_TITLE = {
  create: 'Error creating integration',
  revoke: 'Error revoking key',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canManageIntegrations)
  const form = await request.formData()
  const parsed = parseIntent(form, integrationActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create': {
        const { integration, key } = await createIntegration({
          name: post.name,
          fullText: post.fullText,
          createdBy: user.id,
        })
        // The key leaves the server this once; the table keeps only its hash.
        return actionSuccess(
          {
            type: 'success',
            title: 'Integration created',
            description: `Copy ${integration.name}’s content key now: it is not shown again.`,
          },
          { key, name: integration.name },
        )
      }
      case 'revoke': {
        const revoked = await revokeIntegration(post.id)
        return actionSuccess({
          type: 'success',
          title: 'Key revoked',
          description: `${revoked.name}’s key no longer opens the Content API.`,
        })
      }
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

type CreateAnswer = ActionResult<{ key?: string; name?: string }>

export default function IntegrationsPage({ loaderData }: Route.ComponentProps) {
  const { integrations, endpoints, base } = loaderData
  const answer = useActionData<CreateAnswer>()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const nameError = answer?.fieldErrors?.name?.[0]
  return (
    <>
      <PageHeader
        title="Integrations"
        description="Apps and sites that read the paper’s published content through the Content API, each with its own key."
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Add an integration</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {answer?.key ? (
              <div
                role="status"
                className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-4"
              >
                <p className="font-medium">Content key for {answer.name}</p>
                <p className="text-sm text-muted-foreground">
                  Copy it now: it is shown only this once.
                </p>
                <code
                  data-testid="new-content-key"
                  className="block rounded bg-muted p-2 font-mono text-sm [overflow-wrap:anywhere]"
                >
                  {answer.key}
                </code>
              </div>
            ) : null}
            {/* Drawn anew once a key is made: the name typed for it does not stay. */}
            <Form key={answer?.key ?? 'new'} method="post" className="grid gap-4 sm:max-w-md">
              <input type="hidden" name="intent" value="create" />
              <div className="grid gap-2">
                <Label htmlFor="integration-name">Name</Label>
                <Input
                  id="integration-name"
                  name="name"
                  required
                  maxLength={INTEGRATION_NAME_MAX}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? 'integration-name-error' : undefined}
                />
                {nameError ? (
                  <p id="integration-name-error" className="text-sm text-destructive">
                    {nameError}
                  </p>
                ) : null}
              </div>
              <div className="flex items-start gap-2">
                <Checkbox id="integration-full-text" name="fullText" className="mt-1" />
                <div className="grid gap-1">
                  <Label htmlFor="integration-full-text">Full text of members stories</Label>
                  <p className="text-sm text-muted-foreground">
                    Only for the paper’s own app, which checks its readers itself. Otherwise members
                    stories give their preview, as on the site.
                  </p>
                </div>
              </div>
              <div>
                <Button type="submit" disabled={busy}>
                  Create integration
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Integrations ({integrations.length})</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Key</TableHead>
                  <TableHead className="hidden md:table-cell">Created</TableHead>
                  <TableHead className="hidden md:table-cell">Last used</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {integrations.length === 0 ? (
                  <TableEmptyRow colSpan={5}>No integrations yet.</TableEmptyRow>
                ) : null}
                {integrations.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="[overflow-wrap:anywhere]">
                      {i.name}
                      {i.fullText ? (
                        <span className="ml-2 text-xs text-muted-foreground">(full text)</span>
                      ) : null}
                      <span className="mt-1 block text-xs text-muted-foreground md:hidden">
                        Created {i.createdLabel} · last used {i.lastUsedLabel}
                      </span>
                    </TableCell>
                    <TableCell className="font-mono text-xs">{i.keyPrefix}…</TableCell>
                    <TableCell className="hidden whitespace-nowrap md:table-cell">
                      {i.createdLabel}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap md:table-cell">
                      {i.lastUsedLabel}
                    </TableCell>
                    <TableCell className="text-right">
                      {i.revokedLabel ? (
                        <span className="text-sm text-muted-foreground">
                          Revoked {i.revokedLabel}
                        </span>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="id" value={i.id} />
                          <Button
                            type="submit"
                            variant="outline"
                            size="sm"
                            disabled={busy}
                            aria-label={`Revoke the key of ${i.name}`}
                          >
                            Revoke
                          </Button>
                        </Form>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Content API reference</h2>
            </CardTitle>
            <CardDescription>
              Send the key as <code>?key=</code> (answers a CDN may keep) or{' '}
              <code>Authorization: Bearer</code>. Every field is described in the{' '}
              <a className="underline" href={`${CONTENT_API_BASE}/openapi.json`}>
                OpenAPI document
              </a>{' '}
              and on the{' '}
              <a className="underline" href="/developers/content-api">
                reference page
              </a>{' '}
              for the developers of an integration; docs/content-api.md shows how to call it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3">
              {endpoints.map((e) => (
                <li key={e.path}>
                  <code className="font-mono text-sm [overflow-wrap:anywhere]">
                    GET {base}
                    {e.path}
                  </code>
                  <p className="text-sm text-muted-foreground">{e.summary}</p>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Webhooks</h2>
            </CardTitle>
            <CardDescription>
              Tell other systems when a story is published, updated or taken down: signed POSTs to
              addresses you choose.{' '}
              <Link className="underline" to="/admin/integrations/webhooks">
                Manage webhooks
              </Link>
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Integrations · Admin Panel' }]
