import { Form, Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  ENTITLEMENT_SOURCES,
  isFiltered,
  MEMBER_STATUS_NAMES,
  MEMBER_STATUSES,
  SOURCE_NAMES,
  type MemberFilter,
} from '~/domain/membership/members-schema'

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** Search, plan, status and source as a GET form: works without JavaScript, the URL is the view. */
export function MemberFilters({
  filter,
  plans,
}: {
  filter: MemberFilter
  plans: { id: number; name: string }[]
}) {
  const { pathname } = useLocation()
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filters">
      <div className="grid min-w-52 flex-1 gap-1 sm:flex-none">
        <Label htmlFor="member-search">Name or e-mail</Label>
        <Input id="member-search" name="q" type="search" defaultValue={filter.q} />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="member-plan">Plan</Label>
        <select
          id="member-plan"
          name="plan"
          defaultValue={filter.planId ?? ''}
          className={selectClass}
        >
          <option value="">All plans</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="member-status">Status</Label>
        <select
          id="member-status"
          name="status"
          defaultValue={filter.status ?? ''}
          className={selectClass}
        >
          <option value="">All statuses</option>
          {MEMBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {MEMBER_STATUS_NAMES[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="member-source">Source</Label>
        <select
          id="member-source"
          name="source"
          defaultValue={filter.source ?? ''}
          className={selectClass}
        >
          <option value="">All sources</option>
          {ENTITLEMENT_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_NAMES[source]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {isFiltered(filter) ? (
        <Button asChild variant="ghost">
          <Link to={pathname}>Clear</Link>
        </Button>
      ) : null}
    </Form>
  )
}
