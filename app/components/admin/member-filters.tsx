import {
  ENTITLEMENT_SOURCES,
  isFiltered,
  MEMBER_STATUS_NAMES,
  MEMBER_STATUSES,
  SOURCE_NAMES,
  type MemberFilter,
} from '~/domain/membership/members-schema'
import { ListFilters, namedOptions } from './list-filters'

/** Search, plan, status and source of the Members list. */
export function MemberFilters({
  filter,
  plans,
}: {
  filter: MemberFilter
  plans: { id: number; name: string }[]
}) {
  return (
    <ListFilters
      search={{ id: 'member-search', name: 'q', label: 'Name or e-mail', value: filter.q }}
      selects={[
        {
          id: 'member-plan',
          name: 'plan',
          label: 'Plan',
          value: filter.planId,
          allLabel: 'All plans',
          options: plans.map((plan) => ({ value: plan.id, label: plan.name })),
        },
        {
          id: 'member-status',
          name: 'status',
          label: 'Status',
          value: filter.status,
          allLabel: 'All statuses',
          options: namedOptions(MEMBER_STATUSES, MEMBER_STATUS_NAMES),
        },
        {
          id: 'member-source',
          name: 'source',
          label: 'Source',
          value: filter.source,
          allLabel: 'All sources',
          options: namedOptions(ENTITLEMENT_SOURCES, SOURCE_NAMES),
        },
      ]}
      isFiltered={isFiltered(filter)}
    />
  )
}
