import type { IssueStatus } from './lists-schema'

// What the back office's issue page shows of a send, as the read models answer it and its
// panels take it (client-safe: types only).

/** A send as it goes: each recipient counted once, by where their message stands. */
export interface SendProgress {
  status: IssueStatus
  recipients: number
  queued: number
  sent: number
  failed: number
  suppressed: number
  cancelled: number
  /** Recipients of this issue who have left its list (or everything) since. */
  unsubscribedSince: number
}

/** What readers did with an issue (issue 36). */
export interface ReportFigures {
  /** The issue's stories in order, with their clicks; then any other link clicked. */
  links: { title: string; url: string; clicks: number }[]
  clicks: number
  /** Null while opens are not counted. */
  opens: number | null
}

/** The delivery report as the page shows it. */
export interface DeliveryReportView extends ReportFigures {
  /** Formatted with lib/dates.ts in the list's zone; null until the sender got that far. */
  started: string | null
  finished: string | null
}
