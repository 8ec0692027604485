import { Badge, type BadgeVariant } from '~/components/ui/badge'
import type { IssueStatus } from '~/domain/newsletter/lists-schema'

const LOOK: Record<IssueStatus, { label: string; variant: BadgeVariant }> = {
  draft: { label: 'Draft', variant: 'draft' },
  scheduled: { label: 'Scheduled', variant: 'review' },
  sending: { label: 'Sending', variant: 'review' },
  sent: { label: 'Sent', variant: 'published' },
  failed: { label: 'Failed', variant: 'destructive' },
  cancelled: { label: 'Cancelled', variant: 'archived' },
}

/** An issue's status, in the article statuses' colours. */
export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  const look = LOOK[status]
  return <Badge variant={look.variant}>{look.label}</Badge>
}
