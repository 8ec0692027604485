import { Plus } from 'lucide-react'
import { useState } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { PlanDialog } from '~/components/admin/plan-dialog'
import { PlansTable } from '~/components/admin/plans-table'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { canManagePlans } from '~/domain/access/access-rules'
import { listPlans } from '~/domain/membership/plans-queries.server'
import { planActionSchema, type PlanView } from '~/domain/membership/plans-schema'
import { createPlan, movePlan, setPlanStatus, updatePlan } from '~/domain/membership/plans.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import type { ActionResult } from '~/lib/action-result'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.plans'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManagePlans)
  const [plans, settings] = await Promise.all([listPlans(), getSiteSettings()])
  return { plans, currency: settings.currency }
}

const FAILURE_TITLE = {
  create: 'Error creating plan',
  update: 'Error updating plan',
  archive: 'Error archiving plan',
  restore: 'Error restoring plan',
  move: 'Error moving plan',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManagePlans)
  const parsed = parseIntent(await request.formData(), planActionSchema, {
    titles: FAILURE_TITLE,
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create':
        await createPlan(post)
        return actionSuccess({
          type: 'success',
          title: 'Plan created successfully',
          description: `${post.name} is offered on the Subscribe page.`,
        })
      case 'update':
        await updatePlan(post.id, post)
        return actionSuccess({ type: 'success', title: 'Plan updated successfully' })
      case 'archive': {
        const plan = await setPlanStatus(post.id, 'archived')
        return actionSuccess({
          type: 'success',
          title: 'Plan archived',
          description: `${plan.name} keeps its members and is no longer offered to new ones.`,
        })
      }
      case 'restore': {
        const plan = await setPlanStatus(post.id, 'visible')
        return actionSuccess({
          type: 'success',
          title: 'Plan restored',
          description: `${plan.name} is offered on the Subscribe page again.`,
        })
      }
      // The table shows the new order itself: no toast.
      case 'move':
        await movePlan(post.id, post.direction)
        return data({ ok: true } satisfies ActionResult)
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const { plans, currency } = loaderData
  const [dialog, setDialog] = useState<{ key: number; plan: PlanView | null } | null>(null)
  const mover = useFetcher<ActionResult>()
  useActionToast(mover.data)
  const moving = mover.state !== 'idle'

  return (
    <>
      <PageHeader
        title="Plans"
        description={
          <>
            What readers can pay for, in the order of the{' '}
            <Link to="/subscribe" className="underline underline-offset-4">
              Subscribe page
            </Link>
            . Prices are in {currency} (
            <Link to="/admin/settings/access" className="underline underline-offset-4">
              Access settings
            </Link>
            ). Archived plans keep their members and take no new ones.
          </>
        }
        actions={
          <Button onClick={() => setDialog({ key: Date.now(), plan: null })}>
            <Plus aria-hidden="true" />
            Add Plan
          </Button>
        }
      />
      <Card>
        <CardContent className="p-0 sm:p-2">
          <PlansTable
            plans={plans}
            currency={currency}
            moving={moving}
            onMove={(plan, direction) =>
              mover.submit({ intent: 'move', id: String(plan.id), direction }, { method: 'post' })
            }
            onEdit={(plan) => setDialog({ key: Date.now(), plan })}
          />
        </CardContent>
      </Card>
      {dialog ? (
        <PlanDialog
          key={dialog.key}
          plan={dialog.plan}
          currency={currency}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null)
          }}
        />
      ) : null}
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Plans · Admin Panel' }]
