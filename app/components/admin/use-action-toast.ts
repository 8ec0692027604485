import { useEffect } from 'react'
import { toast } from 'sonner'
import type { ActionResult } from '~/lib/action-result'

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
