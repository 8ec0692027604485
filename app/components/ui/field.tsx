import type { ComponentProps } from 'react'

import { cn } from '~/lib/utils'

/**
 * Groups a Label, a control and its FieldError. The control carries `aria-invalid` and
 * `aria-describedby={errorId}`; FieldError renders with that id (docs/style.md, Forms and errors).
 */
export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid gap-2', className)} {...props} />
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}

export type FieldErrorProps = Omit<ComponentProps<'div'>, 'id'> & {
  /** Referenced by the control's aria-describedby. */
  id: string
  /** Messages as a Zod flatten()/Conform field error list; falsy entries are skipped. */
  errors?: ReadonlyArray<string | null | undefined> | string | null
}

/** Renders nothing when there is no error, so role="alert" announces only real errors. */
export function FieldError({ id, errors, children, className, ...props }: FieldErrorProps) {
  const messages = (typeof errors === 'string' ? [errors] : (errors ?? [])).filter(
    (message): message is string => Boolean(message),
  )
  if (messages.length === 0 && !children) return null
  return (
    <div
      id={id}
      role="alert"
      data-slot="field-error"
      className={cn('grid gap-1 text-sm font-medium text-destructive', className)}
      {...props}
    >
      {children ?? messages.map((message) => <p key={message}>{message}</p>)}
    </div>
  )
}
