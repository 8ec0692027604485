import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Pencil } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import type { PlanMoveDirection, PlanView } from '~/domain/membership/plans-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatPrice } from '~/lib/money'
import { RowActionLabel } from './row-action-label'
import { useActionToast } from './use-action-toast'

const priceOf = (cents: number | null, currency: string) =>
  cents === null ? <span className="text-muted-foreground">—</span> : formatPrice(cents, currency)

/**
 * The plans in their order (the order of /subscribe), under the free level every site has:
 * registered readers, a fixed row that is not a plan.
 */
export function PlansTable({
  plans,
  currency,
  moving,
  onMove,
  onEdit,
}: {
  plans: PlanView[]
  currency: string
  moving: boolean
  onMove: (plan: PlanView, direction: PlanMoveDirection) => void
  onEdit: (plan: PlanView) => void
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Plan</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Monthly</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Yearly</TableHead>
          <TableHead className="hidden sm:table-cell">Trial</TableHead>
          <TableHead className="hidden sm:table-cell">State</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow className="bg-muted/40 hover:bg-muted/40">
          <TableCell className="min-w-40 font-medium">
            Registered readers
            <span className="mt-0.5 block text-xs font-normal sm:hidden">Free</span>
            <span className="mt-0.5 block max-w-md whitespace-normal text-xs font-normal text-muted-foreground">
              The free level every reader gets with an account. It always exists: stories for
              registered readers, and a registration wall, ask for it.
            </span>
          </TableCell>
          <TableCell className="hidden text-right sm:table-cell">Free</TableCell>
          <TableCell className="hidden text-right sm:table-cell">Free</TableCell>
          <TableCell className="hidden text-muted-foreground sm:table-cell">—</TableCell>
          <TableCell className="hidden sm:table-cell">
            <Badge variant="outline">Always on</Badge>
          </TableCell>
          <TableCell className="text-right text-xs text-muted-foreground">Built in</TableCell>
        </TableRow>
        {plans.length === 0 ? (
          <TableRow>
            <TableCell
              colSpan={6}
              className="whitespace-normal py-8 text-center text-muted-foreground"
            >
              No paid plans yet. Add the first one to offer memberships.
            </TableCell>
          </TableRow>
        ) : null}
        {plans.map((plan, index) => (
          <PlanRow
            key={plan.id}
            plan={plan}
            currency={currency}
            first={index === 0}
            last={index === plans.length - 1}
            moving={moving}
            onMove={onMove}
            onEdit={onEdit}
          />
        ))}
      </TableBody>
    </Table>
  )
}

function PlanRow({
  plan,
  currency,
  first,
  last,
  moving,
  onMove,
  onEdit,
}: {
  plan: PlanView
  currency: string
  first: boolean
  last: boolean
  moving: boolean
  onMove: (plan: PlanView, direction: PlanMoveDirection) => void
  onEdit: (plan: PlanView) => void
}) {
  const switcher = useFetcher<ActionResult>()
  useActionToast(switcher.data)
  const archived = plan.status === 'archived'
  const busy = switcher.state !== 'idle'
  return (
    <TableRow aria-busy={busy || undefined} className={archived ? 'text-muted-foreground' : ''}>
      <TableCell className="min-w-40 font-medium">
        {plan.name}
        {plan.description ? (
          <span className="mt-0.5 line-clamp-2 block max-w-md whitespace-normal text-xs font-normal text-muted-foreground">
            {plan.description}
          </span>
        ) : null}
        {plan.benefits.length > 0 ? (
          <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
            {plan.benefits.length} {plan.benefits.length === 1 ? 'benefit' : 'benefits'}
          </span>
        ) : null}
        {/* Narrow screens fold the prices, the trial and the state under the name. */}
        <span className="mt-1 block text-xs font-normal tabular-nums sm:hidden">
          {[
            plan.monthlyPriceCents === null
              ? null
              : `${formatPrice(plan.monthlyPriceCents, currency)} a month`,
            plan.yearlyPriceCents === null
              ? null
              : `${formatPrice(plan.yearlyPriceCents, currency)} a year`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
          {plan.trialDays > 0 ? (
            <Badge variant="secondary">{plan.trialDays}-day trial</Badge>
          ) : null}
          {archived ? <Badge variant="archived">Archived</Badge> : null}
        </span>
      </TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">
        {priceOf(plan.monthlyPriceCents, currency)}
      </TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">
        {priceOf(plan.yearlyPriceCents, currency)}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
        {plan.trialDays > 0 ? `${plan.trialDays} days` : 'None'}
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        {archived ? (
          <Badge variant="archived">Archived</Badge>
        ) : (
          <Badge variant="published">Visible</Badge>
        )}
      </TableCell>
      <TableCell className="text-right">
        {/* Two by two on a phone: the order, then edit and archive. */}
        <div className="grid grid-cols-2 justify-items-end gap-1 sm:flex sm:justify-end">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={first || moving}
            onClick={() => onMove(plan, 'up')}
          >
            <ArrowUp aria-hidden="true" />
            <span className="sr-only">Move {plan.name} up</span>
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            disabled={last || moving}
            onClick={() => onMove(plan, 'down')}
          >
            <ArrowDown aria-hidden="true" />
            <span className="sr-only">Move {plan.name} down</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onEdit(plan)}>
            <RowActionLabel icon={Pencil} label="Edit" name={plan.name} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() =>
              switcher.submit(
                { intent: archived ? 'restore' : 'archive', id: String(plan.id) },
                { method: 'post' },
              )
            }
          >
            <RowActionLabel
              icon={archived ? ArchiveRestore : Archive}
              label={archived ? 'Restore' : 'Archive'}
              name={plan.name}
            />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}
