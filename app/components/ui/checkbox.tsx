import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

/**
 * A native checkbox (@radix-ui/react-checkbox is not installed). Being native, it posts with its
 * form without JavaScript and works with `defaultChecked`/`checked` as usual.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded-sm border-input accent-primary',
        'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:ring-2 aria-invalid:ring-destructive',
        className,
      )}
      {...props}
    />
  )
}
