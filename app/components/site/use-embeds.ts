import { useEffect, type RefObject } from 'react'
import { EMBED_FRAME_ATTRIBUTE } from '~/lib/embed-markup'

/**
 * The embed script for the markup under `ref`, fetched only when it holds an embed (the
 * article page's JavaScript budget), again when `markup` changes. A live blog's coverage may
 * gain one later (live-updates.tsx adds entries): it is watched until one arrives.
 */
export function useEmbeds(ref: RefObject<HTMLElement | null>, markup: string) {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    let stop: (() => void) | undefined
    let cancelled = false
    const start = () => {
      void import('./embed-consent').then((module) => {
        if (!cancelled) stop = module.startEmbeds(root)
      })
    }
    const selector = `[${EMBED_FRAME_ATTRIBUTE}]`
    let waiting: MutationObserver | undefined
    if (root.querySelector(selector)) start()
    else if (root.querySelector('[data-live-blog]')) {
      waiting = new MutationObserver(() => {
        if (!root.querySelector(selector)) return
        waiting?.disconnect()
        start()
      })
      waiting.observe(root, { childList: true, subtree: true })
    }
    return () => {
      cancelled = true
      waiting?.disconnect()
      stop?.()
    }
  }, [ref, markup])
}
