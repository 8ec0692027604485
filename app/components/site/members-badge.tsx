// Server-drawn wherever a list shows a members story (cards, search results): readers see
// before they click that the story asks for a plan (issue 38). Quiet beside the LIVE badge:
// an outline in the theme's primary colour, legible in both themes.

export const membersBadgeClass =
  'inline-flex items-center rounded-sm border border-primary/40 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-primary'

/** "Members": a story for paying members. */
export function MembersBadge({ className }: { className?: string }) {
  return (
    <span className={className ? `${membersBadgeClass} ${className}` : membersBadgeClass}>
      Members
    </span>
  )
}
