import { Form, Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import {
  SUBSCRIBER_STATES,
  type SubscriberFilter,
  type SubscriberState,
} from '~/domain/newsletter/newsletter-admin-schema'

export const STATE_NAMES: Record<SubscriberState, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  paused: 'Paused',
  unsubscribed: 'Unsubscribed',
}

const selectClass =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** By list and state, as a GET form: works without JavaScript, and the URL is the view. */
export function SubscriberFilters({
  filter,
  lists,
}: {
  filter: SubscriberFilter
  lists: { id: number; name: string }[]
}) {
  const { pathname } = useLocation()
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filters">
      <div className="grid gap-1">
        <Label htmlFor="subscriber-list">List</Label>
        <select
          id="subscriber-list"
          name="list"
          defaultValue={filter.listId ?? ''}
          className={selectClass}
        >
          <option value="">All lists</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="subscriber-state">State</Label>
        <select
          id="subscriber-state"
          name="state"
          defaultValue={filter.state ?? ''}
          className={selectClass}
        >
          <option value="">All states</option>
          {SUBSCRIBER_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_NAMES[state]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {filter.listId !== null || filter.state !== null ? (
        <Button asChild variant="ghost">
          <Link to={pathname}>Clear</Link>
        </Button>
      ) : null}
    </Form>
  )
}
