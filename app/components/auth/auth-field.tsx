import type { ComponentProps } from 'react'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** A labelled input with its error list, wired for screen readers. */
export function AuthField({
  name,
  label,
  errors,
  ...input
}: Omit<ComponentProps<'input'>, 'name' | 'id'> & {
  name: string
  label: string
  errors?: string[] | null
}) {
  const id = `field-${name}`
  const errorId = `${id}-error`
  const invalid = !!errors?.length
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} errors={errors} />
    </Field>
  )
}
