import { DatabaseBackup, Download, RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { RowActionLabel } from '~/components/admin/row-action-label'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
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
import { backupActionSchema, RESTORE_WORD } from '~/domain/backup/backup-schema'
import { createBackup, listBackups, restoreBackup } from '~/domain/backup/backup.server'
import { formatFileSize } from '~/lib/file-size'
import { formatDateWithTime } from '~/lib/dates'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { canManageBackups } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.backups'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageBackups)
  // Times in the paper's zone, as everywhere in the back office.
  const [backups, { timeZone }] = await Promise.all([listBackups(), getSiteSettings()])
  return { backups, timeZone }
}

const FAILURE_TITLE = { create: 'Backup failed', restore: 'Restore failed' } as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageBackups)
  const parsed = parseIntent(await request.formData(), backupActionSchema, {
    titles: FAILURE_TITLE,
    hiddenFields: ['name'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create': {
        const { fileName } = await createBackup()
        return actionSuccess({
          type: 'success',
          title: 'Backup created successfully',
          description: `Database backup has been created and stored as ${fileName}`,
        })
      }
      case 'restore':
        await restoreBackup({ name: post.name })
        return actionSuccess({
          type: 'success',
          title: 'Backup restored',
          description: `The site now holds the content of ${post.name}.`,
        })
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

function RestoreDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [typed, setTyped] = useState('')
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors?.confirm : undefined
  const matches = typed.trim() === RESTORE_WORD || typed.trim() === name
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onClose()
  }, [fetcher.state, fetcher.data, onClose])
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Restore this backup?</DialogTitle>
          <DialogDescription>
            Every article, category, tag, user, setting and stored file is replaced by the content
            of <span className="break-all font-mono">{name}</span>. Anything made since then is
            lost, and you may have to sign in again.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="name" value={name} />
          <Field>
            <Label htmlFor="restore-confirm">Type {RESTORE_WORD} to confirm</Label>
            <Input
              id="restore-confirm"
              name="confirm"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? 'restore-confirm-error' : undefined}
            />
            <FieldError id="restore-confirm-error" errors={errors} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!matches || fetcher.state !== 'idle'}
            >
              {fetcher.state !== 'idle' ? 'Restoring…' : 'Restore'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

export default function BackupsPage({ loaderData }: Route.ComponentProps) {
  const creator = useFetcher<ActionResult>()
  useActionToast(creator.data)
  const [restoring, setRestoring] = useState<string | null>(null)
  return (
    <>
      <PageHeader
        title="Backups"
        description="A backup holds every table and every stored file, in one archive."
        actions={
          <creator.Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Button type="submit" disabled={creator.state !== 'idle'}>
              <DatabaseBackup aria-hidden="true" />
              {creator.state !== 'idle' ? 'Backing up…' : 'Create Backup'}
            </Button>
          </creator.Form>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Stored backups</h2>
          </CardTitle>
          <CardDescription>
            From the command line: <code>npm run backup</code> and{' '}
            <code>npm run restore -- FILE</code>.
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>File</TableHead>
                <TableHead className="hidden md:table-cell">Size</TableHead>
                <TableHead className="hidden md:table-cell">Created</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.backups.length === 0 ? (
                <TableEmptyRow colSpan={4}>No backups yet.</TableEmptyRow>
              ) : null}
              {loaderData.backups.map((backup) => (
                <TableRow key={backup.name}>
                  <TableCell className="max-w-xs font-mono text-xs [overflow-wrap:anywhere]">
                    {backup.name}
                    {/* Narrow screens fold size and date under the name so the actions fit. */}
                    <span
                      className="mt-1 block font-sans text-muted-foreground md:hidden"
                      suppressHydrationWarning
                    >
                      {formatFileSize(backup.size)} ·{' '}
                      {formatDateWithTime(backup.createdAt, loaderData.timeZone)}
                    </span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">
                    {formatFileSize(backup.size)}
                  </TableCell>
                  <TableCell
                    className="hidden whitespace-nowrap md:table-cell"
                    suppressHydrationWarning
                  >
                    {formatDateWithTime(backup.createdAt, loaderData.timeZone)}
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <a href={`/admin/backups/${encodeURIComponent(backup.name)}`} download>
                          <RowActionLabel icon={Download} label="Download" name={backup.name} />
                        </a>
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setRestoring(backup.name)}>
                        <RowActionLabel icon={RotateCcw} label="Restore" name={backup.name} />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {restoring ? <RestoreDialog name={restoring} onClose={() => setRestoring(null)} /> : null}
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Backups · Admin Panel' }]
