import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

export type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** 0…max; null or undefined means indeterminate (no aria-valuenow). */
  value?: number | null
  max?: number
}

/** Give it a name: `aria-label` or `aria-labelledby`. */
export function Progress({ className, value, max = 100, ...props }: ProgressProps) {
  const isDeterminate = typeof value === 'number' && Number.isFinite(value)
  const clamped = isDeterminate ? Math.min(Math.max(value, 0), max) : 0
  const percent = max > 0 ? (clamped / max) * 100 : 0
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={isDeterminate ? clamped : undefined}
      data-state={!isDeterminate ? 'indeterminate' : clamped >= max ? 'complete' : 'loading'}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className={cn(
          'h-full bg-primary transition-[width] motion-reduce:transition-none',
          !isDeterminate && 'w-1/3 animate-pulse motion-reduce:animate-none',
        )}
        style={isDeterminate ? { width: `${percent}%` } : undefined}
      />
    </div>
  )
}
