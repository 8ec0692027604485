import { useEffect } from 'react'
import { toast } from 'sonner'
import type { FieldErrors } from '~/lib/field-errors'

export interface ActionToast {
  type: 'success' | 'error' | 'info' | 'message'
  title: string
  description?: string
}

/** What admin actions answer to a fetcher: a toast to show now, field errors for the form. */
export interface ActionResult {
  ok: boolean
  toast?: ActionToast
  fieldErrors?: FieldErrors
}

/**
 * Shows the toast an action answered with. Successes also arrive by the flash cookie after a
 * redirect; failures answer 4xx/5xx, after which React Router does not reload the root loader,
 * so their toast travels in the action data and is shown here.
 */
export function useActionToast(data: ActionResult | undefined) {
  useEffect(() => {
    const t = data?.toast
    if (!t) return
    const show = t.type === 'message' ? toast : toast[t.type]
    show(t.title, { description: t.description })
  }, [data])
}
