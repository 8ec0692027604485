import { Badge, type BadgeVariant } from '~/components/ui/badge'
import { MEMBER_STATUS_NAMES, type MemberStatus } from '~/domain/membership/members-schema'

const VARIANTS: Record<MemberStatus, BadgeVariant> = {
  active: 'published',
  trialing: 'review',
  past_due: 'draft',
  cancelled: 'archived',
  lapsed: 'outline',
}

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <Badge variant={VARIANTS[status]}>{MEMBER_STATUS_NAMES[status]}</Badge>
}
