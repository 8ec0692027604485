import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

export type SeparatorProps = ComponentProps<'div'> & {
  orientation?: 'horizontal' | 'vertical'
  /** Purely visual by default; set false when it separates content a screen reader should hear as sections. */
  decorative?: boolean
}

export function Separator({
  className,
  orientation = 'horizontal',
  decorative = true,
  ...props
}: SeparatorProps) {
  const a11y = decorative
    ? { role: 'none' as const }
    : {
        role: 'separator' as const,
        // aria-orientation defaults to horizontal for a separator, so only vertical needs it.
        'aria-orientation': orientation === 'vertical' ? ('vertical' as const) : undefined,
      }
  return (
    <div
      data-slot="separator"
      data-orientation={orientation}
      {...a11y}
      className={cn(
        'shrink-0 bg-border',
        orientation === 'horizontal' ? 'h-px w-full' : 'h-full w-px',
        className,
      )}
      {...props}
    />
  )
}
