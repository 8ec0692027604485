import { useSyncExternalStore, type CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps as SonnerProps } from 'sonner'

export type ToasterProps = Omit<SonnerProps, 'theme'> & {
  /** Follows the site theme (the `dark` class), not the system setting. */
  theme?: 'light' | 'dark'
}

/*
 * sonner's own rich colours fall under 4.5:1 for warning and info text on light backgrounds,
 * so its colour variables are pointed at our AA-checked tokens.
 */
const tokenColours = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
  '--success-bg': 'var(--status-published)',
  '--success-text': 'var(--status-published-foreground)',
  '--success-border': 'color-mix(in oklch, var(--status-published-foreground) 30%, transparent)',
  '--info-bg': 'var(--status-review)',
  '--info-text': 'var(--status-review-foreground)',
  '--info-border': 'color-mix(in oklch, var(--status-review-foreground) 30%, transparent)',
  '--warning-bg': 'var(--status-draft)',
  '--warning-text': 'var(--status-draft-foreground)',
  '--warning-border': 'color-mix(in oklch, var(--status-draft-foreground) 30%, transparent)',
  '--error-bg': 'var(--destructive-subtle)',
  '--error-text': 'var(--destructive-subtle-foreground)',
  '--error-border': 'color-mix(in oklch, var(--destructive-subtle-foreground) 30%, transparent)',
} as CSSProperties

/*
 * Toasts sit where they cover no control. On a desktop they rise from the bottom, in the
 * middle, not at the right: the header's buttons are at the top right, the article form's
 * publishing panel sticks to the right-hand column (Preview, View on site, the breaking bar's
 * "Choose a time") and the lists keep their row menus at the right end. A tablet-sized page
 * with a bar stuck to the bottom of the screen (the article form below 1024 px) sets
 * `--toast-bottom-inset` to its height, and toasts rise above it. On a phone (sonner's own
 * 600 px, where a toast spans the width) the bottom of the screen is where the thumb is and
 * where the pages put their actions (the live desk's Publish, a form's submit, the publishing
 * bar), so toasts drop from the top instead, one at a time (docs/product.md §9): a toast over
 * the header for a few seconds hides nothing the person is about to press.
 */
const BOTTOM_INSET = 'var(--toast-bottom-inset, 0px)'
const PHONE = '(max-width: 600px)'

function subscribeToPhone(onChange: () => void) {
  const query = window.matchMedia(PHONE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the screen is a phone's; the Toaster mounts in the browser only (root.tsx). */
function useIsPhone() {
  return useSyncExternalStore(
    subscribeToPhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  )
}

export function Toaster({ theme = 'light', style, ...props }: ToasterProps) {
  const isPhone = useIsPhone()
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position={isPhone ? 'top-center' : 'bottom-center'}
      visibleToasts={1}
      offset={{ bottom: `calc(24px + ${BOTTOM_INSET})` }}
      mobileOffset={{ top: 'calc(12px + env(safe-area-inset-top, 0px))' }}
      className="toaster group"
      style={{ ...tokenColours, ...style }}
      {...props}
    />
  )
}
