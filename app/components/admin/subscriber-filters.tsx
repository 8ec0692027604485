import {
  SUBSCRIBER_STATES,
  type SubscriberFilter,
  type SubscriberState,
} from '~/domain/newsletter/newsletter-admin-schema'
import { ListFilters, namedOptions } from './list-filters'

export const STATE_NAMES: Record<SubscriberState, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  paused: 'Paused',
  unsubscribed: 'Unsubscribed',
}

/** The Subscribers list by newsletter list and by state. */
export function SubscriberFilters({
  filter,
  lists,
}: {
  filter: SubscriberFilter
  lists: { id: number; name: string }[]
}) {
  return (
    <ListFilters
      selects={[
        {
          id: 'subscriber-list',
          name: 'list',
          label: 'List',
          value: filter.listId,
          allLabel: 'All lists',
          options: lists.map((list) => ({ value: list.id, label: list.name })),
        },
        {
          id: 'subscriber-state',
          name: 'state',
          label: 'State',
          value: filter.state,
          allLabel: 'All states',
          options: namedOptions(SUBSCRIBER_STATES, STATE_NAMES),
        },
      ]}
      isFiltered={filter.listId !== null || filter.state !== null}
    />
  )
}
