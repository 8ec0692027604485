import { z } from 'zod'

/** A form's row id (a hidden field): a positive integer, with the screen's message otherwise. */
export function idField(message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((id) => id > 0, message)
}
