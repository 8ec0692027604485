import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
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
import type { ActionResult } from '~/lib/action-result'
import { EmailAddress } from './email-address'
import { useActionToast } from './use-action-toast'

const REASONS: Record<string, string> = {
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
  complained: 'Complained',
  removed: 'Removed by hand',
}

/**
 * Addresses no send reaches. Nothing takes an address off here but its owner's fresh double
 * opt-in, so the screen only adds ('removed').
 */
export function SuppressionList({
  suppressions,
}: {
  /** `createdLabel`: the day it was added, worded by the loader (lib/dates.ts). */
  suppressions: { email: string; reason: string; detail: string | null; createdLabel: string }[]
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const error = fetcher.data?.ok === false ? fetcher.data.fieldErrors?.email : undefined
  return (
    <Card>
      <CardHeader>
        <CardTitle>Suppression list</CardTitle>
        <CardDescription>
          {suppressions.length} {suppressions.length === 1 ? 'address' : 'addresses'} that no send
          reaches. An address comes off only when its owner subscribes and confirms again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="suppress" />
          <Field className="min-w-0 flex-1">
            <Label htmlFor="suppress-email">Suppress an address</Label>
            <Input
              id="suppress-email"
              name="email"
              type="email"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'suppress-email-error' : undefined}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
            Suppress
          </Button>
          <FieldError id="suppress-email-error" errors={error} className="basis-full" />
        </fetcher.Form>
        <div className="max-h-96 overflow-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="hidden sm:table-cell">Since</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {suppressions.length === 0 ? (
                <TableEmptyRow colSpan={3}>No suppressed addresses.</TableEmptyRow>
              ) : null}
              {suppressions.map((s) => (
                <TableRow key={s.email}>
                  <TableCell className="font-medium">
                    <EmailAddress email={s.email} />
                  </TableCell>
                  <TableCell>
                    <Badge variant="outline" title={s.detail ?? undefined}>
                      {REASONS[s.reason] ?? s.reason}
                    </Badge>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{s.createdLabel}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </CardContent>
    </Card>
  )
}
