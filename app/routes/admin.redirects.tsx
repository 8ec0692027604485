import { Download } from 'lucide-react'
import { PageHeader } from '~/components/admin/page-header'
import { AddRedirectForm, ImportRedirectsCsvForm } from '~/components/admin/redirects-forms'
import { RedirectsTable } from '~/components/admin/redirects-table'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { canManageRedirects } from '~/domain/access/access-rules'
import { importRedirectsCsv } from '~/domain/redirects/redirects-csv.server'
import { MAX_REDIRECTS_CSV_BYTES, redirectActionSchema } from '~/domain/redirects/redirects-schema'
import {
  addRedirect,
  countRedirects,
  deleteRedirect,
  listRedirects,
} from '~/domain/redirects/redirects.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { formatDateWithTime } from '~/lib/dates'
import {
  actionError,
  actionSuccess,
  failureFrom,
  parseIntent,
} from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.redirects'

/** The newest redirects the screen shows; the CSV export holds them all. */
const SHOWN = 500

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageRedirects)
  const [rows, total, { timeZone }] = await Promise.all([
    listRedirects({ limit: SHOWN }),
    countRedirects(),
    getSiteSettings(),
  ])
  return {
    total,
    redirects: rows.map((r) => ({
      id: r.id,
      fromPath: r.fromPath,
      toPath: r.toPath,
      statusCode: r.statusCode,
      source: r.source,
      hits: r.hits,
      lastHitAt: r.lastHitAt?.toISOString() ?? null,
      // When it was last followed, in the paper's time zone (lib/dates.ts).
      lastHitLabel: r.lastHitAt ? formatDateWithTime(r.lastHitAt, timeZone) : null,
    })),
  }
}

const FAILURE_TITLE = {
  add: 'Error adding redirect',
  delete: 'Error deleting redirect',
  import: 'Import failed',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageRedirects)
  const form = await request.formData()
  const parsed = parseIntent(form, redirectActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'add': {
        const saved = await addRedirect(getDb(), { ...post, toPath: post.toPath || null })
        return actionSuccess({
          type: 'success',
          title: 'Redirect added',
          description:
            saved.statusCode === 410
              ? `${saved.fromPath} now answers 410 Gone.`
              : `${saved.fromPath} now leads to ${saved.toPath}.`,
        })
      }
      case 'delete': {
        const deleted = await deleteRedirect(post.id)
        return actionSuccess({
          type: 'success',
          title: 'Redirect deleted',
          description: `${deleted.fromPath} no longer redirects.`,
        })
      }
      case 'import': {
        const file = form.get('file')
        if (!(file instanceof File) || file.size === 0)
          return actionError(400, FAILURE_TITLE.import, 'Choose a CSV file to import.', {
            fieldErrors: { file: ['Choose a CSV file to import.'] },
          })
        if (file.size > MAX_REDIRECTS_CSV_BYTES)
          return actionError(413, FAILURE_TITLE.import, 'The CSV file is larger than 2 MB.', {
            fieldErrors: { file: ['The CSV file is larger than 2 MB.'] },
          })
        const result = await importRedirectsCsv(await file.text())
        const skipped = result.errors
          .slice(0, 3)
          .map((e) => `line ${e.line}: ${e.message}`)
          .join('; ')
        return actionSuccess({
          type: result.errors.length ? 'info' : 'success',
          title: 'Redirects imported',
          description:
            `${result.saved} saved` +
            (result.errors.length ? `, ${result.errors.length} skipped (${skipped})` : '.'),
        })
      }
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function RedirectsPage({ loaderData }: Route.ComponentProps) {
  const { redirects, total } = loaderData
  return (
    <>
      <PageHeader
        title="Redirects"
        description="Old addresses that answer with a redirect or Gone. They are looked up only when no page exists at the address."
        actions={
          <Button asChild variant="outline">
            <a href="/admin/redirects/export" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Add a redirect</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <AddRedirectForm />
            <ImportRedirectsCsvForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Redirects ({total})</h2>
            </CardTitle>
            {total > redirects.length ? (
              <CardDescription>
                The newest {redirects.length} are shown; the CSV export holds all of them.
              </CardDescription>
            ) : null}
          </CardHeader>
          <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
            <RedirectsTable redirects={redirects} />
          </CardContent>
        </Card>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Redirects · Admin Panel' }]
