// Client-safe and free of dependencies: the reader's page script (components/site/live-updates.tsx)
// carries it, within the page's JavaScript budget.

/**
 * Readers ask for changes since a cursor rounded down to this step, so that thousands of them
 * ask the same question and the page cache (and a CDN) answer most of them from one drawing.
 */
export const LIVE_CURSOR_STEP_MS = 5000
/**
 * And a little further back: two writes may commit in another order than their clocks read,
 * so a change stamped just before the cursor can appear after it was handed out.
 */
export const LIVE_CURSOR_LAG_MS = 2000
/** How often an open page asks (while visible). */
export const LIVE_POLL_MS = 5000

/** The `since` a reader with `cursorMs` (the newest change it has) asks with. */
export function liveSinceParam(cursorMs: number): number {
  return Math.max(
    0,
    Math.floor((cursorMs - LIVE_CURSOR_LAG_MS) / LIVE_CURSOR_STEP_MS) * LIVE_CURSOR_STEP_MS,
  )
}

/** "1 new update", "3 new updates". */
export function newUpdatesLabel(count: number): string {
  return count === 1 ? '1 new update' : `${count} new updates`
}
