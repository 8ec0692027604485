import { useEffect, useState } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

/** Scrolled less than this (px) between frames: a hand resting on a trackpad, not a move. */
const JITTER_PX = 6
/** Near the top the chrome always shows: there is nothing under it to read yet. */
const TOP_PX = 160

/**
 * The header, navigation and breaking-news bar: pinned to the top once the page's script runs,
 * slid out of view while the reader scrolls down and back as soon as they scroll up. It moves
 * by a transform, so nothing below it shifts; it stays put for readers who ask for reduced
 * motion only in that it does not animate; a keyboard focus inside brings it back. Without
 * JavaScript it is an ordinary header that scrolls away with the page. Its look per state is
 * in app.css (`[data-chrome]`): the reader's script carries only the state.
 */
export function ScrollChrome({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated()
  const hidden = useHiddenOnScrollDown()
  return <div data-chrome={hydrated ? (hidden ? 'hidden' : 'shown') : 'static'}>{children}</div>
}

function useHiddenOnScrollDown(): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    let last = window.scrollY
    // A reader who scrolled before the script ran is already reading: pinning the chrome
    // back over the text at that moment would cover what they read.
    if (last >= TOP_PX) setHidden(true)
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        const y = window.scrollY
        if (y < TOP_PX) {
          setHidden(false)
        } else if (Math.abs(y - last) >= JITTER_PX) {
          setHidden(y > last)
        } else {
          return
        }
        last = y
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])
  return hidden
}
