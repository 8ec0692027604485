import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from './field-errors'

/**
 * Checks a form with its Zod schema in the browser before it is posted (the server checks the
 * same schema again). Errors from the server's answer show until the next submit.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors)
  if (serverErrors !== seenServerErrors) {
    setSeenServerErrors(serverErrors)
    setClientErrors(null)
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget))
    const parsed = schema.safeParse(values)
    if (parsed.success) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(fieldErrorsOf(parsed.error))
  }
  const errors = clientErrors ?? serverErrors ?? {}
  return { errors, onSubmit }
}
