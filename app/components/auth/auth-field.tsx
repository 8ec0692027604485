import type { ComponentProps } from 'react'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

type AuthFieldProps = Omit<ComponentProps<'input'>, 'name' | 'id'> & {
  name: string
  label: string
  errors?: string[] | null
}

/** A labelled input with its error list, wired for screen readers. */
export function AuthField({ name, label, errors, ...input }: AuthFieldProps) {
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

/** The auth forms' email address field. */
export function EmailField(props: Omit<AuthFieldProps, 'name' | 'label'>) {
  return (
    <AuthField
      name="email"
      label="Email address"
      type="email"
      placeholder="Your email address"
      autoComplete="email"
      {...props}
    />
  )
}

/** The password that proves it is the account's owner (sign-in, two-factor settings). */
export function CurrentPasswordField(props: Omit<AuthFieldProps, 'name' | 'label'>) {
  return (
    <AuthField
      name="password"
      label="Your Password"
      type="password"
      placeholder="Your password"
      autoComplete="current-password"
      {...props}
    />
  )
}
