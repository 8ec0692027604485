import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { grantSchema, NOTE_MAX } from '~/domain/membership/members-schema'
import type { ActionResult } from '~/lib/action-result'
import { useFormErrors } from '~/lib/use-form-errors'
import { useActionToast } from './use-action-toast'
import { nativeSelectClass } from '~/components/ui/native-select'

/** A member's page: complimentary access to a plan from now to the end of a chosen day. */
export function MemberGrantForm({
  plans,
  minDay,
}: {
  plans: { id: number; name: string }[]
  /** Today in the paper's zone (YYYY-MM-DD): the earliest last day. */
  minDay: string
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const { errors, onSubmit } = useFormErrors(
    grantSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const busy = fetcher.state !== 'idle'
  const field = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `grant-${name}-error` : undefined,
  })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Grant complimentary access</CardTitle>
        <CardDescription>
          Free access to a plan until the end of the day you choose, in the paper’s time zone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {plans.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            There is no plan to grant yet: create one in Plans first.
          </p>
        ) : (
          <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
            <input type="hidden" name="intent" value="grant" />
            <Field>
              <Label htmlFor="grant-planId">Plan</Label>
              <select
                id="grant-planId"
                name="planId"
                className={nativeSelectClass}
                {...field('planId')}
              >
                {plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </select>
              <FieldError id="grant-planId-error" errors={errors.planId} />
            </Field>
            <Field>
              <Label htmlFor="grant-until">Last day of access</Label>
              <Input id="grant-until" name="until" type="date" min={minDay} {...field('until')} />
              <FieldError id="grant-until-error" errors={errors.until} />
            </Field>
            <Field>
              <Label htmlFor="grant-note">Note (optional)</Label>
              <Textarea
                id="grant-note"
                name="note"
                rows={2}
                maxLength={NOTE_MAX}
                placeholder="Why: a press pass, a prize, a partner…"
                {...field('note')}
              />
              <FieldError id="grant-note-error" errors={errors.note} />
            </Field>
            <Button type="submit" disabled={busy} className="w-fit">
              {busy ? 'Granting…' : 'Grant access'}
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  )
}
