import { Database, HardDrive } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { databaseUrlSchema } from '~/domain/settings/settings-schema'
import { ConfirmAction } from './confirm-action'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export interface DatabaseStatusView {
  driver: 'pglite' | 'postgres'
  fixedByEnvironment: boolean
  savedUrl: string | null
  activeUrl: string | null
}

/** docs/product.md §9: after a switch the page reloads after 1.5 s. */
const RELOAD_DELAY_MS = 1500

export function DatabaseCard({ status }: { status: DatabaseStatusView }) {
  const fetcher = useFetcher<ActionResult<{ switched: boolean }>>()
  useActionToast(fetcher.data)
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const busy = fetcher.state !== 'idle'
  const onPostgres = status.driver === 'postgres'
  const serverError = fetcher.data?.ok === false ? fetcher.data.fieldErrors?.url?.[0] : undefined

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.switched) return
    const timer = setTimeout(() => window.location.reload(), RELOAD_DELAY_MS)
    return () => clearTimeout(timer)
  }, [fetcher.state, fetcher.data])

  function submit(intent: 'db-test' | 'db-save') {
    const parsed = databaseUrlSchema.safeParse({ url })
    if (!parsed.success) {
      setError(parsed.error.issues[0].message)
      return
    }
    setError(null)
    fetcher.submit({ intent, url }, { method: 'post' })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Database Configuration</h2>
        </CardTitle>
        <CardDescription>
          The site runs on its embedded database until you switch it to a PostgreSQL server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-center gap-3 rounded-md border p-3 text-sm">
          {onPostgres ? (
            <Database aria-hidden="true" className="size-5 text-primary" />
          ) : (
            <HardDrive aria-hidden="true" className="size-5 text-primary" />
          )}
          <div>
            <p className="font-medium">
              {onPostgres
                ? 'Using Production Database (PostgreSQL)'
                : 'Using Local Database (embedded)'}
            </p>
            {status.activeUrl ? (
              <p className="font-mono text-xs text-muted-foreground">{status.activeUrl}</p>
            ) : null}
          </div>
        </div>
        {status.fixedByEnvironment ? (
          <Alert>
            <AlertTitle>Set by the server’s environment</AlertTitle>
            <AlertDescription>
              DATABASE_URL is set, so the database cannot be switched from here.
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <Field>
              <Label htmlFor="database-url">PostgreSQL URL</Label>
              <Input
                id="database-url"
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder="postgres://user:password@host:5432/database"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                aria-invalid={error || serverError ? true : undefined}
                aria-describedby="database-url-help"
              />
              <FieldDescription id="database-url-help">
                {status.savedUrl
                  ? `Saved: ${status.savedUrl}. The URL stays on the server.`
                  : 'The URL is kept on the server and never shown again in full.'}
              </FieldDescription>
              <FieldError id="database-url-error" errors={error ?? serverError} />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={busy} onClick={() => submit('db-test')}>
                Test Connection
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => submit('db-save')}>
                Save URL
              </Button>
              <ConfirmAction
                question={onPostgres ? 'Switch to the local database?' : 'Switch to PostgreSQL?'}
                description={
                  onPostgres
                    ? 'Every row is copied into the embedded database, replacing what it holds, and the site then runs on it.'
                    : 'Every row is copied into the saved PostgreSQL database, replacing what it holds, and the site then runs on it. Changes made during the copy may be lost.'
                }
                confirmLabel="Switch"
                onConfirm={() =>
                  fetcher.submit(
                    { intent: 'db-switch', to: onPostgres ? 'local' : 'postgres' },
                    { method: 'post' },
                  )
                }
                trigger={
                  <Button disabled={busy || (!onPostgres && !status.savedUrl)}>
                    {busy && fetcher.formData?.get('intent') === 'db-switch'
                      ? 'Switching…'
                      : onPostgres
                        ? 'Switch to Local Database'
                        : 'Switch to PostgreSQL'}
                  </Button>
                }
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
