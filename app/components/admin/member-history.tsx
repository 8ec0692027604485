import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatCalendarDate } from '~/lib/dates'

export interface MemberHistoryRow {
  id: number
  kind: string
  plan: string | null
  details: Record<string, unknown>
  atLabel: string
  /** The admin who acted, by name, when one did. */
  by: string | null
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null)

/** A history row in words: what happened, to which plan. */
export function describeEvent(row: MemberHistoryRow): string {
  const plan = row.plan ?? 'a plan'
  const day = text(row.details.until)
  const until = day ? formatCalendarDate(day) : null
  switch (row.kind) {
    case 'granted':
      return `Complimentary access to ${plan}${until ? ` until ${until}` : ''}`
    case 'imported':
      return `Imported as a member of ${plan}${until ? ` until ${until}` : ''}`
    case 'ended':
      return `${plan}: ended`
    case 'started':
      return `Subscribed to ${plan} through Stripe${row.details.status === 'trialing' ? ' (free trial)' : ''}`
    case 'renewed':
      return `${plan}: renewed`
    case 'converted':
      return `${plan}: trial became paid`
    case 'payment_failed':
      return `${plan}: payment failed`
    case 'payment_recovered':
      return `${plan}: payment went through`
    case 'cancelled':
      return `${plan}: cancelled, runs to the end of the period`
    case 'resumed':
      return `${plan}: cancellation withdrawn`
    case 'plan_changed':
      return `Plan changed to ${plan}`
    default:
      return `${plan}: updated`
  }
}

/** A member's history, newest first (member_events). */
export function MemberHistory({ events }: { events: MemberHistoryRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="member-history">History</CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
        ) : (
          <ol aria-labelledby="member-history" className="grid gap-3">
            {events.map((event) => {
              const why = text(event.details.note) ?? text(event.details.reason)
              return (
                <li key={event.id} className="grid gap-0.5 border-l-2 border-border pl-3 text-sm">
                  <span className="font-medium">{describeEvent(event)}</span>
                  {why ? <span className="text-muted-foreground">“{why}”</span> : null}
                  <span className="text-xs text-muted-foreground">
                    {event.atLabel}
                    {event.by ? ` · by ${event.by}` : ''}
                  </span>
                </li>
              )
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
