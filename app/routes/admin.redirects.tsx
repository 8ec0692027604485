import { Download, Upload } from 'lucide-react'
import { useFetcher } from 'react-router'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
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
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
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
import type { ActionResult } from '~/lib/action-result'
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

const STATUS_LABEL: Record<number, string> = {
  301: '301 Moved permanently',
  302: '302 Found (temporary)',
  410: '410 Gone',
}

function AddRedirectForm() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 md:grid-cols-[1fr_1fr_14rem_auto] md:items-start"
      // A successful add empties the form for the next one.
      key={fetcher.data?.ok ? String(Date.now()) : 'form'}
    >
      <input type="hidden" name="intent" value="add" />
      <Field>
        <Label htmlFor="redirect-from">Old address</Label>
        <Input
          id="redirect-from"
          name="fromPath"
          placeholder="/2019/03/old-story"
          required
          aria-invalid={errors?.fromPath ? true : undefined}
          aria-describedby={errors?.fromPath ? 'redirect-from-error' : undefined}
        />
        <FieldError id="redirect-from-error" errors={errors?.fromPath} />
      </Field>
      <Field>
        <Label htmlFor="redirect-to">New address</Label>
        <Input
          id="redirect-to"
          name="toPath"
          placeholder="/article/new-story"
          aria-invalid={errors?.toPath ? true : undefined}
          aria-describedby={errors?.toPath ? 'redirect-to-error' : undefined}
        />
        <FieldError id="redirect-to-error" errors={errors?.toPath} />
      </Field>
      <Field>
        <Label htmlFor="redirect-status">Answer</Label>
        <Select name="statusCode" defaultValue="301">
          <SelectTrigger id="redirect-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {[301, 302, 410].map((code) => (
              <SelectItem key={code} value={String(code)}>
                {STATUS_LABEL[code]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <FieldError id="redirect-status-error" errors={errors?.statusCode} />
      </Field>
      <Button type="submit" className="md:mt-6" disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Adding…' : 'Add redirect'}
      </Button>
    </fetcher.Form>
  )
}

function ImportCsvForm() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="import" />
      <Field className="min-w-0 sm:flex-1">
        <Label htmlFor="redirects-file">CSV file (from,to,status)</Label>
        <Input
          id="redirects-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={errors?.file ? true : undefined}
          aria-describedby={errors?.file ? 'redirects-file-error' : undefined}
        />
        <FieldError id="redirects-file-error" errors={errors?.file} />
      </Field>
      <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
        <Upload aria-hidden="true" />
        {fetcher.state !== 'idle' ? 'Importing…' : 'Import CSV'}
      </Button>
    </fetcher.Form>
  )
}

type Row = Route.ComponentProps['loaderData']['redirects'][number]

function RedirectRow({ redirect }: { redirect: Row }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const lastHit = redirect.lastHitLabel ?? 'Never'
  const target = redirect.toPath ?? 'Gone'
  return (
    <TableRow>
      <TableCell className="max-w-[12rem] font-mono text-xs [overflow-wrap:anywhere] md:max-w-xs">
        {redirect.fromPath}
        {/* Narrow screens fold the target, answer and hits under the old address. */}
        <span className="mt-1 block font-sans text-muted-foreground md:hidden">
          → {target} · {redirect.statusCode} · {redirect.hits}{' '}
          {redirect.hits === 1 ? 'hit' : 'hits'}
        </span>
      </TableCell>
      <TableCell className="hidden max-w-xs font-mono text-xs [overflow-wrap:anywhere] md:table-cell">
        {target}
      </TableCell>
      <TableCell className="hidden md:table-cell">{redirect.statusCode}</TableCell>
      <TableCell className="hidden capitalize lg:table-cell">{redirect.source}</TableCell>
      <TableCell className="hidden text-right tabular-nums md:table-cell">
        {redirect.hits}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">{lastHit}</TableCell>
      <TableCell className="text-right">
        <ConfirmRowDelete
          question="Delete this redirect?"
          description={`${redirect.fromPath} will answer 404 again.`}
          name={redirect.fromPath}
          busy={fetcher.state !== 'idle'}
          onConfirm={() =>
            fetcher.submit({ intent: 'delete', id: String(redirect.id) }, { method: 'post' })
          }
        />
      </TableCell>
    </TableRow>
  )
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
            <ImportCsvForm />
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
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Old address</TableHead>
                  <TableHead className="hidden md:table-cell">New address</TableHead>
                  <TableHead className="hidden md:table-cell">Answer</TableHead>
                  <TableHead className="hidden lg:table-cell">Source</TableHead>
                  <TableHead className="hidden text-right md:table-cell">Hits</TableHead>
                  <TableHead className="hidden lg:table-cell">Last hit</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {redirects.length === 0 ? (
                  <TableEmptyRow colSpan={7}>
                    No redirects yet. Changing a published article’s or a section’s address adds
                    one; so does an import.
                  </TableEmptyRow>
                ) : null}
                {redirects.map((redirect) => (
                  <RedirectRow key={redirect.id} redirect={redirect} />
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Redirects · Admin Panel' }]
