import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

/**
 * Markup the server rendered in full (article-page.server.tsx), shown without shipping the
 * components that drew it. A click on one of its own links navigates inside the app, as a
 * <Link> would; its card images show at once (no script marks them loaded for the fade-in; the
 * featured image has none). `children`
 * draws the few interactive parts into it once mounted (portals into its slots); give the
 * component a `key` per page so they find the new markup's slots.
 */
export function ServerHtml({
  html,
  children,
}: {
  html: string
  children?: (root: HTMLElement) => ReactNode
}) {
  const navigate = useNavigate()
  const ref = useRef<HTMLDivElement>(null)
  const [root, setRoot] = useState<HTMLElement | null>(null)
  useEffect(() => setRoot(ref.current), [])

  function followLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a')
    if (
      !link ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      link.target ||
      link.origin !== window.location.origin
    ) {
      return
    }
    event.preventDefault()
    void navigate(link.pathname + link.search + link.hash)
  }

  return (
    <>
      <div
        ref={ref}
        className="[&_.fade-in-image]:opacity-100"
        onClick={followLink}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {root && children ? children(root) : null}
    </>
  )
}
