import type { CSSProperties } from 'react'
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
 * Toasts sit where they cover no control: the header's buttons are at the top right and a
 * phone's dialogs put their title and close button at the top, so they rise from the bottom,
 * one at a time (docs/product.md §9). On a desktop they rise in the middle, not at the right:
 * the article form's publishing panel sticks to the right-hand column (Preview, View on site,
 * the breaking bar's "Choose a time") and the lists keep their row menus at the right end. On a
 * phone they span the width. A page with a bar stuck to the bottom of the screen (the article
 * form on a phone) sets `--toast-bottom-inset` to its height, and toasts rise above it.
 */
const BOTTOM_INSET = 'var(--toast-bottom-inset, 0px)'

export function Toaster({ theme = 'light', style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position="bottom-center"
      visibleToasts={1}
      offset={{ bottom: `calc(24px + ${BOTTOM_INSET})` }}
      mobileOffset={{ bottom: `calc(16px + ${BOTTOM_INSET})` }}
      className="toaster group"
      style={{ ...tokenColours, ...style }}
      {...props}
    />
  )
}
