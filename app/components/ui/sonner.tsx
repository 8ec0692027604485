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

export function Toaster({ theme = 'light', style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position="top-right"
      className="toaster group"
      style={{ ...tokenColours, ...style }}
      {...props}
    />
  )
}
