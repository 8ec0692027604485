import { z } from 'zod'

/** Messages per form field, as forms show them under each control. */
export type FieldErrors = Partial<Record<string, string[]>>

/** Field messages from a failed parse, keyed by field name (browser and server alike). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return z.flattenError(error).fieldErrors as FieldErrors
}
