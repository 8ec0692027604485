import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
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
import { Textarea } from '~/components/ui/textarea'
import {
  type EntitlementSource,
  type MemberStatus,
  REASON_MAX,
  SOURCE_NAMES,
} from '~/domain/membership/members-schema'
import type { ActionResult } from '~/lib/action-result'
import { MemberStatusBadge } from './member-status-badge'
import { useActionToast } from './use-action-toast'

export interface MemberEntitlementRow {
  id: number
  plan: string
  source: EntitlementSource
  status: MemberStatus
  sinceLabel: string
  untilLabel: string | null
  billingInterval: string | null
  note: string | null
  grantedBy: string | null
}

/** "End" on a running complimentary, imported or gift membership: asks first, and why. */
function EndEntitlement({ row }: { row: MemberEntitlementRow }) {
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) setOpen(false)
  }, [fetcher.state, fetcher.data])
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
          End<span className="sr-only"> {row.plan}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>End this membership now?</DialogTitle>
          <DialogDescription>
            The reader loses access to {row.plan} at once. The history keeps who ended it and why.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="id" value={row.id} />
          <Field>
            <Label htmlFor={`end-reason-${row.id}`}>Reason (optional)</Label>
            <Textarea id={`end-reason-${row.id}`} name="reason" rows={2} maxLength={REASON_MAX} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Ending…' : 'End membership'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** A member's entitlements, newest first; Stripe's are ended in Stripe, never here. */
export function MemberEntitlements({ rows }: { rows: MemberEntitlementRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="member-entitlements">Memberships</CardTitle>
      </CardHeader>
      <CardContent className="p-0 sm:px-6">
        <Table aria-labelledby="member-entitlements">
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden sm:table-cell">Source</TableHead>
              <TableHead className="hidden md:table-cell">Since</TableHead>
              <TableHead>Until</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableEmptyRow colSpan={6}>
                Not a member: no plan granted or bought yet.
              </TableEmptyRow>
            ) : null}
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="font-medium whitespace-normal">
                  {row.plan}
                  {row.billingInterval ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {row.billingInterval === 'year' ? 'Yearly' : 'Monthly'}
                    </span>
                  ) : null}
                  {row.note ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {row.note}
                      {row.grantedBy ? ` · ${row.grantedBy}` : ''}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell>
                  <MemberStatusBadge status={row.status} />
                </TableCell>
                <TableCell className="hidden sm:table-cell">{SOURCE_NAMES[row.source]}</TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {row.sinceLabel}
                </TableCell>
                <TableCell className="whitespace-nowrap">{row.untilLabel ?? '—'}</TableCell>
                <TableCell className="text-right">
                  {row.source !== 'stripe' && row.status !== 'lapsed' ? (
                    <EndEntitlement row={row} />
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
