import { useCallback, useEffect, useRef } from 'react'

/**
 * A mailed issue inside a site page. The mail is a whole document of its own (its styles, its
 * dark scheme), so it sits in a frame that runs nothing: no scripts, its links open a new tab
 * as they do in a mail client. Same origin without scripts lets the page size the frame to the
 * mail once loaded; without JavaScript the frame keeps a tall default and scrolls.
 */
export function NewsletterIssueFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument
    // The root's own box, not its scrollHeight: that is never less than the frame's height.
    const height = doc?.documentElement?.getBoundingClientRect().height
    if (frame.current && height) frame.current.style.height = `${Math.ceil(height)}px`
  }, [])
  useEffect(() => {
    // The frame may have loaded before hydration: fit now, and again when the width changes.
    fit()
    window.addEventListener('resize', fit)
    return () => window.removeEventListener('resize', fit)
  }, [fit])
  return (
    <iframe
      ref={frame}
      title={title}
      srcDoc={html}
      onLoad={fit}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
      className="block h-[1400px] w-full rounded-md border border-border bg-white"
    />
  )
}
