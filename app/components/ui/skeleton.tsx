import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

/** Decorative: hidden from assistive tech. Mark the loading region with `aria-busy` instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  )
}
