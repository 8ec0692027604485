import { z } from 'zod'

/** Messages per form field, as forms show them under each control. */
export type FieldErrors = Partial<Record<string, string[]>>

/** Field messages from a failed parse, keyed by field name (browser and server alike). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  return z.flattenError(error).fieldErrors as FieldErrors
}

/** The first message of any field, for a page that cannot show them under their fields. */
export function firstFieldError(errors: FieldErrors | undefined): string | undefined {
  return Object.values(errors ?? {}).find((messages) => messages?.length)?.[0]
}
