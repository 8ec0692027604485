import { useEffect, useRef, useState, type RefObject } from 'react'
import { hasDraftText, type AutosaveExtra } from '~/domain/articles/articles-schema'
import type { ActionResult } from '~/lib/action-result'

export const AUTOSAVE_INTERVAL_MS = 10_000
export const AUTOSAVE_URL = '/admin/api/articles/autosave'

export type AutosaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: Date }
  | { status: 'error'; message: string }

const FAILED = 'The draft could not be saved automatically.'

/** The sentence to show for a refused autosave: the form's, else the first field's. */
function failureMessage(result: ActionResult | null): string {
  if (!result) return FAILED
  const fieldMessage = Object.values(result.fieldErrors ?? {}).flat()[0]
  return result.formError ?? fieldMessage ?? result.toast?.description ?? FAILED
}

export interface AutosaveOptions {
  formRef: RefObject<HTMLFormElement | null>
  /** Drafts (and new articles) only, and not while the form is being submitted. */
  enabled: boolean
  /** A fingerprint of the form's values now, and as last saved. */
  current: string
  saved: string
  onSaved: (result: { id: number; updatedAt: string; snapshot: string }) => void
  onConflict: (message: string) => void
}

/**
 * Every 10 s, posts the form to the autosave endpoint when it changed since the last save.
 * One request at a time; a refusal (someone else's change, the article no longer a draft)
 * stops it until the page is reloaded.
 */
export function useArticleAutosave(options: AutosaveOptions): AutosaveState {
  const latest = useRef(options)
  useEffect(() => {
    latest.current = options
  })
  const [state, setState] = useState<AutosaveState>({ status: 'idle' })

  useEffect(() => {
    let inFlight = false
    let stopped = false
    const controller = new AbortController()
    const tick = async () => {
      const { formRef, enabled, current, saved, onSaved, onConflict } = latest.current
      const form = formRef.current
      if (stopped || inFlight || !enabled || current === saved || !form) return
      const body = new FormData(form)
      // An untouched new form is no draft; the server refuses to store one too.
      const typed = {
        title: String(body.get('title') ?? ''),
        content: String(body.get('content') ?? ''),
      }
      if (!hasDraftText(typed)) return
      inFlight = true
      setState({ status: 'saving' })
      try {
        const response = await fetch(AUTOSAVE_URL, {
          method: 'POST',
          body,
          headers: { Accept: 'application/json' },
          signal: controller.signal,
        })
        const result = (await response
          .json()
          .catch(() => null)) as ActionResult<AutosaveExtra> | null
        if (result?.ok && result.id !== undefined && result.updatedAt !== undefined) {
          onSaved({ id: result.id, updatedAt: result.updatedAt, snapshot: current })
          setState({ status: 'saved', at: new Date() })
        } else {
          const message = failureMessage(result)
          if (result?.code === 'CONFLICT') onConflict(message)
          // Someone else's change, a published article, a lost session: retrying cannot help.
          // An invalid field is retried once the form changes again.
          if ([401, 403, 404, 409].includes(response.status)) stopped = true
          setState({ status: 'error', message })
        }
      } catch {
        if (!controller.signal.aborted) {
          setState({ status: 'error', message: FAILED })
        }
      } finally {
        inFlight = false
      }
    }
    const timer = setInterval(() => void tick(), AUTOSAVE_INTERVAL_MS)
    return () => {
      clearInterval(timer)
      controller.abort()
    }
  }, [])

  return state
}
