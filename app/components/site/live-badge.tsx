// Server-drawn wherever it shows (cards, search results, the live article's status line); the
// breaking-news bar draws its own from app.css (`[data-live]`), adding no code to every page.
// The theme's destructive pair keeps its contrast in both themes (dark text on the dark
// theme's lighter red).

export const liveBadgeClass =
  'inline-flex items-center gap-1.5 rounded-sm bg-destructive px-1.5 py-0.5 text-xs font-bold uppercase tracking-wider text-destructive-foreground'

/** "LIVE", with a dot: an article whose coverage is running. */
export function LiveBadge({ className }: { className?: string }) {
  return (
    <span className={className ? `${liveBadgeClass} ${className}` : liveBadgeClass}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-destructive-foreground" />
      Live
    </span>
  )
}
