import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from './field-errors'

type Values = Record<string, FormDataEntryValue>

const valuesOf = (form: HTMLFormElement): Values => Object.fromEntries(new FormData(form))

/**
 * Checks a form with its Zod schema in the browser before it is posted (the server checks the
 * same schema again). Errors from the server's answer show until the next submit.
 *
 * A message clears as soon as its field is valid: after a submit, every change in the form
 * checks the fields that show a message again. A field the schema now accepts loses its
 * message; one the schema still refuses shows the current reason. A message only the server
 * could give (the schema accepts the field) clears once the field differs from what was sent.
 * No message appears while typing: a field is first checked by a submit.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors)
  if (serverErrors !== seenServerErrors) {
    setSeenServerErrors(serverErrors)
    setClientErrors(null)
  }
  const errors = clientErrors ?? serverErrors ?? {}

  // The latest of each, for the form's change listener (attached once per form element).
  const latest = useRef({ schema, errors, serverErrors })
  latest.current = { schema, errors, serverErrors }
  const sent = useRef<Values>({})
  const watched = useRef(new WeakSet<HTMLFormElement>())
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function recheck(form: HTMLFormElement) {
    const { schema: current, errors: shown, serverErrors: server } = latest.current
    const fields = Object.keys(shown).filter((field) => shown[field]?.length)
    if (fields.length === 0) return
    const values = valuesOf(form)
    const parsed = current.safeParse(values)
    const now = parsed.success ? {} : fieldErrorsOf(parsed.error)
    const next: FieldErrors = {}
    let changed = false
    for (const field of fields) {
      const message = now[field]
      // The server's own message (the same array, kept while the field is unchanged).
      const serverOnly = !message && shown[field] === server?.[field]
      if (serverOnly && values[field] === sent.current[field]) next[field] = shown[field]
      else if (message?.length) {
        next[field] = message
        if (message.join('\n') !== shown[field]?.join('\n')) changed = true
      } else changed = true
    }
    if (changed) setClientErrors(next)
  }

  function watch(form: HTMLFormElement) {
    if (watched.current.has(form)) return
    watched.current.add(form)
    // After React has handled the change: a field another one fills in (a slug that follows
    // its name) has its new value by then.
    const later = () => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => recheck(form), 0)
    }
    form.addEventListener('input', later)
    form.addEventListener('change', later)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    watch(form)
    const values = valuesOf(form)
    sent.current = values
    const parsed = schema.safeParse(values)
    if (parsed.success) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(fieldErrorsOf(parsed.error))
  }
  return { errors, onSubmit }
}
