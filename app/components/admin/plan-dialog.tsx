import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
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
import { Textarea } from '~/components/ui/textarea'
import { planSchema, TRIAL_DAYS_MAX, type PlanView } from '~/domain/membership/plans-schema'
import type { ActionResult } from '~/lib/action-result'
import { toMajorUnits } from '~/lib/money'
import { useFormErrors } from '~/lib/use-form-errors'
import { useActionToast } from './use-action-toast'

/** "Add Plan" / "Edit Plan": closes after a successful save; prices in the site's currency. */
export function PlanDialog({
  plan,
  currency,
  open,
  onOpenChange,
}: {
  plan: PlanView | null
  currency: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const editing = plan !== null
  const { errors, onSubmit } = useFormErrors(
    planSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const busy = fetcher.state !== 'idle'
  const price = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? '' : toMajorUnits(cents, currency)

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onOpenChange(false)
  }, [fetcher.state, fetcher.data, onOpenChange])

  const described = (field: string, hint?: string) =>
    [hint, errors[field] ? `plan-${field}-error` : undefined].filter(Boolean).join(' ') || undefined

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Plan' : 'Add Plan'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Members keep what they pay today; a new price applies to new subscriptions.'
              : 'A plan readers can pay for. It shows on the Subscribe page, last, until you move it.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
          {editing ? <input type="hidden" name="id" value={plan.id} /> : null}
          <Field>
            <Label htmlFor="plan-name">Name</Label>
            <Input
              id="plan-name"
              name="name"
              defaultValue={plan?.name ?? ''}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={described('name')}
            />
            <FieldError id="plan-name-error" errors={errors.name} />
          </Field>
          <Field>
            <Label htmlFor="plan-description">Description</Label>
            <Textarea
              id="plan-description"
              name="description"
              defaultValue={plan?.description ?? ''}
              rows={2}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={described('description')}
            />
            <FieldError id="plan-description-error" errors={errors.description} />
          </Field>
          <Field>
            <Label htmlFor="plan-benefits">Benefits</Label>
            <Textarea
              id="plan-benefits"
              name="benefits"
              defaultValue={plan?.benefits.join('\n') ?? ''}
              rows={4}
              aria-invalid={errors.benefits ? true : undefined}
              aria-describedby={described('benefits', 'plan-benefits-hint')}
            />
            <p id="plan-benefits-hint" className="text-xs text-muted-foreground">
              One a line; each shows as a point on the Subscribe page.
            </p>
            <FieldError id="plan-benefits-error" errors={errors.benefits} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field className="content-start">
              <Label htmlFor="plan-monthly">Monthly price ({currency})</Label>
              <Input
                id="plan-monthly"
                name="monthlyPrice"
                inputMode="decimal"
                defaultValue={price(plan?.monthlyPriceCents)}
                autoComplete="off"
                aria-invalid={errors.monthlyPrice ? true : undefined}
                aria-describedby={described('monthlyPrice', 'plan-prices-hint')}
              />
              <FieldError id="plan-monthlyPrice-error" errors={errors.monthlyPrice} />
            </Field>
            <Field className="content-start">
              <Label htmlFor="plan-yearly">Yearly price ({currency})</Label>
              <Input
                id="plan-yearly"
                name="yearlyPrice"
                inputMode="decimal"
                defaultValue={price(plan?.yearlyPriceCents)}
                autoComplete="off"
                aria-invalid={errors.yearlyPrice ? true : undefined}
                aria-describedby={described('yearlyPrice', 'plan-prices-hint')}
              />
              <FieldError id="plan-yearlyPrice-error" errors={errors.yearlyPrice} />
            </Field>
          </div>
          <p id="plan-prices-hint" className="-mt-2 text-xs text-muted-foreground">
            At least one. Leave a price empty when the plan is not sold that way.
          </p>
          <Field>
            <Label htmlFor="plan-trial">Free trial (days)</Label>
            <Input
              id="plan-trial"
              name="trialDays"
              type="number"
              inputMode="numeric"
              min={0}
              max={TRIAL_DAYS_MAX}
              className="w-32"
              defaultValue={String(plan?.trialDays ?? 0)}
              aria-invalid={errors.trialDays ? true : undefined}
              aria-describedby={described('trialDays', 'plan-trial-hint')}
            />
            <p id="plan-trial-hint" className="text-xs text-muted-foreground">
              0 for none. New members pay once the trial ends.
            </p>
            <FieldError id="plan-trialDays-error" errors={errors.trialDays} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : editing ? 'Update Plan' : 'Create Plan'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
