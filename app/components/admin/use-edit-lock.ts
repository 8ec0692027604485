import { useCallback, useEffect, useRef, useState } from 'react'
import { EDIT_LOCK_CHECK_MS } from '~/domain/articles/edit-lock-rules'
import type {
  EditLockAnswer,
  EditLockHolder,
  EditLockIntent,
} from '~/domain/articles/edit-lock-schema'

export const editLockUrl = (articleId: number) => `/admin/api/articles/${articleId}/lock`

export type EditLockState =
  | { status: 'mine' }
  /** Someone else holds it. `lost`: it was ours, and they took over (we keep our text). */
  | { status: 'held'; holder: EditLockHolder; lost: boolean }

async function ask(articleId: number, intent: EditLockIntent): Promise<EditLockAnswer | null> {
  const body = new FormData()
  body.set('intent', intent)
  const response = await fetch(editLockUrl(articleId), {
    method: 'POST',
    body,
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return null
  return (await response.json()) as EditLockAnswer
}

/**
 * The edit page's lock: claimed on opening, then checked in every few seconds while it is
 * ours (which renews it, and is how this tab hears at once that someone took over), given
 * back when the page goes (a beacon on pagehide or on leaving the route). `held` is what the
 * loader saw: a page someone else holds opens read-only from its first paint; any other opens
 * editable at once (the editor is not kept waiting for the claim's answer), and the rare
 * person who opened it in the same instant is told as a take-over would tell them.
 */
export function useEditLock(articleId: number, held: EditLockHolder | null, viewerId: string) {
  const [state, setState] = useState<EditLockState>(() =>
    held && held.id !== viewerId
      ? { status: 'held', holder: held, lost: false }
      : { status: 'mine' },
  )
  const current = useRef(state)
  useEffect(() => {
    current.current = state
  })

  // No answer (a refusal, a lost session, offline) changes nothing: the server refuses the
  // saves it must refuse whatever this tab believes.
  const apply = useCallback((answer: EditLockAnswer | null) => {
    setState((previous) => {
      if (!answer) return previous
      if (answer.mine) return { status: 'mine' }
      if (!answer.holder) return previous
      return { status: 'held', holder: answer.holder, lost: previous.status === 'mine' }
    })
  }, [])

  // Check in while the lock is ours; a held lock is not polled: its reader takes over when
  // they choose to.
  const mine = state.status === 'mine'
  useEffect(() => {
    if (!mine) return
    let stopped = false
    const checkIn = () =>
      ask(articleId, 'claim').then(
        (answer) => !stopped && apply(answer),
        // Offline for a moment: the next check-in tries again (the lock lasts a minute).
        () => {},
      )
    void checkIn()
    const timer = setInterval(() => void checkIn(), EDIT_LOCK_CHECK_MS)
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [articleId, mine, apply])

  // Leaving: the next person need not wait the minute out.
  useEffect(() => {
    const release = () => {
      if (current.current.status !== 'mine') return
      const body = new FormData()
      body.set('intent', 'release')
      navigator.sendBeacon(editLockUrl(articleId), body)
    }
    // Back from the page cache, the check-ins resume and claim it again (or hear who has it).
    window.addEventListener('pagehide', release)
    return () => {
      window.removeEventListener('pagehide', release)
      release()
    }
  }, [articleId])

  // A save refused for the lock: ask now rather than at the next check-in.
  const checkIn = useCallback(() => {
    void ask(articleId, 'claim').then(apply, () => {})
  }, [articleId, apply])

  const takeOver = useCallback(async () => {
    const answer = await ask(articleId, 'take-over').catch(() => null)
    apply(answer)
    return answer?.mine === true
  }, [articleId, apply])

  return { state, takeOver, checkIn }
}
