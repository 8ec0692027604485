import type { ComponentProps } from 'react'
import { cn } from '~/lib/utils'

/**
 * The browser's own <select>, styled as the other fields: posts with the form as it is, works
 * before JavaScript, and opens the platform's picker on a phone.
 */
export const nativeSelectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive'

export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select data-slot="native-select" className={cn(nativeSelectClass, className)} {...props} />
  )
}
