import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { GIFT_PARAMETER } from '~/domain/membership/gift-parameter'
import { LIVE_POLL_MS, liveSinceParam, newUpdatesLabel } from '~/lib/live-cursor'
import type { LiveDeltaAnswer } from './live-blog.server'
import { primaryButtonClass } from './styles'

// Keeps a live article's coverage current in the reader's browser. The coverage arrives drawn
// in the page (live-blog.tsx); this asks the delta endpoint every few seconds while the tab is
// visible (and at once on return), edits changed entries in place, removes deleted ones, and
// holds new ones (and their key events) behind a "N new updates ↑" button that floats at the
// top of the window while the reader is down the feed, so that nothing moves under their eyes.

interface Held {
  id: number
  html: string
  publishedIso: string
}

/**
 * Where the coverage's changes since `cursor` are asked for. A reader who came by a gift link
 * passes it on: the entries of a members story are its text, which the link opens for them.
 */
function liveUpdatesUrl(articleId: string | undefined, cursor: number) {
  const url = `/api/live/${articleId}?since=${liveSinceParam(cursor)}`
  const gift = new URLSearchParams(window.location.search).get(GIFT_PARAMETER)
  return gift ? `${url}&${GIFT_PARAMETER}=${encodeURIComponent(gift)}` : url
}

function fragment(html: string): Element | null {
  const template = document.createElement('template')
  template.innerHTML = html
  return template.content.firstElementChild
}

function apply(section: HTMLElement, answer: LiveDeltaAnswer, held: Map<number, Held>) {
  const list = section.querySelector<HTMLElement>('[data-live-entries]')
  if (!list) return
  const status = section.querySelector<HTMLElement>('[data-live-status]')
  if (status && status.innerHTML !== answer.statusHtml) status.innerHTML = answer.statusHtml
  const pinned = section.querySelector<HTMLElement>('[data-live-pinned]')
  if (pinned && pinned.innerHTML !== answer.pinnedHtml) {
    pinned.innerHTML = answer.pinnedHtml
    pinned.hidden = answer.pinnedId === null
  }
  for (const id of answer.deleted) {
    held.delete(id)
    list.querySelector(`[data-entry-id="${id}"]`)?.remove()
  }
  for (const entry of answer.changed) {
    const shown = list.querySelector(`:scope > [data-entry-id="${entry.id}"]`)
    if (shown) {
      if (shown.outerHTML !== entry.html) {
        const next = fragment(entry.html)
        if (next) shown.replaceWith(next)
      }
    } else {
      held.set(entry.id, entry)
    }
  }
  const keyEvents = section.querySelector<HTMLElement>('[data-live-key-events]')
  if (keyEvents) {
    keyEvents.querySelector('ol')?.remove()
    const events = fragment(answer.keyEventsHtml)
    if (events) keyEvents.append(events)
    showKeyEvents(keyEvents, held)
  }
  section.dataset.state = answer.state
}

/**
 * The key events list shows what the feed shows: an event whose entry is still held behind
 * the button waits for the press with it, so a link never points at an entry not on the page.
 */
function showKeyEvents(keyEvents: HTMLElement, held: Map<number, Held>) {
  let shown = 0
  for (const item of keyEvents.querySelectorAll<HTMLElement>('[data-key-event]')) {
    item.hidden = held.has(Number(item.dataset.keyEvent))
    if (!item.hidden) shown += 1
  }
  keyEvents.hidden = shown === 0
}

function showHeld(section: HTMLElement, held: Map<number, Held>) {
  const list = section.querySelector<HTMLElement>('[data-live-entries]')
  if (!list) return
  list.querySelector('[data-live-empty]')?.remove()
  const newestFirst = [...held.values()].sort(
    (a, b) => b.publishedIso.localeCompare(a.publishedIso) || b.id - a.id,
  )
  const nodes = newestFirst.map((entry) => fragment(entry.html)).filter((n) => n !== null)
  list.prepend(...nodes)
  held.clear()
  const keyEvents = section.querySelector<HTMLElement>('[data-live-key-events]')
  if (keyEvents) showKeyEvents(keyEvents, held)
  // The reader asked for them: take the reader to the newest, and say so to a screen reader.
  const first = nodes[0]
  if (first instanceof HTMLElement) {
    first.tabIndex = -1
    first.focus({ preventScroll: true })
    first.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }
}

export function LiveUpdates({ root }: { root: HTMLElement }) {
  const section = root.querySelector<HTMLElement>('[data-live-blog]')
  const slot = section?.querySelector<HTMLElement>('[data-live-new]') ?? null
  const held = useRef(new Map<number, Held>())
  const [count, setCount] = useState(0)

  useEffect(() => {
    if (!section) return
    const articleId = section.dataset.liveBlog
    let cursor = Number(section.dataset.cursor)
    let timer: ReturnType<typeof setTimeout> | undefined
    let controller: AbortController | undefined
    let stopped = false

    const poll = async () => {
      clearTimeout(timer)
      if (stopped || document.visibilityState === 'hidden') return
      controller?.abort()
      controller = new AbortController()
      try {
        const response = await fetch(liveUpdatesUrl(articleId, cursor), {
          signal: controller.signal,
        })
        if (response.ok) {
          const answer = (await response.json()) as LiveDeltaAnswer
          cursor = answer.cursor
          apply(section, answer, held.current)
          setCount(held.current.size)
        }
      } catch {
        // A missed question keeps what is shown; the next one asks from the same cursor.
      }
      if (!stopped && section.dataset.state !== 'ended') timer = setTimeout(poll, LIVE_POLL_MS)
    }
    // A background tab asks nothing; back in front, it catches up at once.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void poll()
      else clearTimeout(timer)
    }
    document.addEventListener('visibilitychange', onVisibility)
    if (section.dataset.state !== 'ended') timer = setTimeout(poll, LIVE_POLL_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
      controller?.abort()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [section])

  if (!slot || count === 0 || !section) return null
  return createPortal(
    <button
      type="button"
      className={`${primaryButtonClass} pointer-events-auto rounded-full shadow-md`}
      onClick={() => {
        showHeld(section, held.current)
        setCount(0)
      }}
    >
      {newUpdatesLabel(count)}
      <span aria-hidden="true">↑</span>
    </button>,
    slot,
  )
}

// Loaded on demand by the article page (a lazy component wants a default export).
export default LiveUpdates
