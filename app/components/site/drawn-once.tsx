import {
  createContext,
  createElement,
  useContext,
  type ComponentPropsWithoutRef,
  type ReactElement,
} from 'react'
import { useLocation } from 'react-router'

/**
 * On the server, during a page's render (entry.server.tsx provides it): the markup of
 * `element` as `location` would draw it, kept under `key` and drawn again only for a new key
 * (app/infra/drawn-markup.server.tsx).
 */
export type DrawMarkup = (key: string, location: string, element: ReactElement) => string

export const DrawMarkupContext = createContext<DrawMarkup | null>(null)

type Host = 'div' | 'nav' | 'ul'

/**
 * A part of the page that is the same on most pages (the category navigation, the footer's
 * links): on the server its markup is drawn once per `drawKey` and reused, instead of being
 * rendered link by link for every request; in the browser its children hydrate that markup
 * as if the server had rendered them in place, and work as they always do.
 *
 * `drawKey` must name everything the children's markup depends on (their data, and whether
 * the address can make one of their links current). The children see a router at the page's
 * address and nothing else: no loader data, no fetchers, no other context.
 */
export function DrawnOnce<T extends Host>({
  as,
  drawKey,
  children,
  ...props
}: {
  as: T
  drawKey: string
  children: ReactElement
} & Omit<ComponentPropsWithoutRef<T>, 'children' | 'dangerouslySetInnerHTML'>) {
  const draw = useContext(DrawMarkupContext)
  const { pathname } = useLocation()
  if (!draw) return createElement(as, props, children)
  return createElement(as, {
    ...props,
    dangerouslySetInnerHTML: { __html: draw(drawKey, pathname, children) },
  })
}
