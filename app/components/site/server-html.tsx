import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
  type ReactNode,
} from 'react'
import { useNavigate } from 'react-router'
import { EMBED_ISLAND, GALLERY_ISLAND, LIVE_BLOG } from '~/lib/body-islands'

/**
 * On the server, during a document request: the markup loaders drew and left in the load
 * context's `documentHtml` rather than in their loader data (entry.server.tsx provides it).
 * The page then carries that markup once, in its HTML, instead of twice (HTML and hydration
 * data); the browser takes it back from the page as it hydrates.
 */
export const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | null>(null)

/** The markup for `name`: on the server from the load context, in the browser from the page. */
function documentMarkup(name: string, documentHtml: ReadonlyMap<string, string> | null) {
  if (documentHtml) return documentHtml.get(name) ?? ''
  if (typeof document === 'undefined') return ''
  return document.querySelector(`[data-server-html="${name}"]`)?.innerHTML ?? ''
}

/**
 * Markup the server rendered in full (article-page.server.tsx), shown without shipping the
 * components that drew it. `html` is null when the loader kept it out of a document request's
 * data (load context `documentHtml`, under `name`): the markup is then the page's own. A click on one of its own links navigates inside the app, as a
 * <Link> would; its card images show at once (no script marks them loaded for the fade-in; the
 * featured image has none); a link marked `data-document` loads as a document. `children`
 * draws the few interactive parts into it once mounted (portals into its slots); give the
 * component a `key` per page so they find the new markup's slots. With `fadeImages`, its card
 * images fade in as they load, as CardImage's do (the home page's grids), instead of showing
 * at once.
 */
export function ServerHtml({
  name,
  html,
  children,
  fadeImages = false,
}: {
  name: string
  html: string | null
  children?: (root: HTMLElement) => ReactNode
  fadeImages?: boolean
}) {
  const documentHtml = useContext(DocumentHtmlContext)
  // Read once, as the page hydrates; later loader data (a revalidation) always carries `html`.
  const [fromDocument] = useState(() => (html === null ? documentMarkup(name, documentHtml) : ''))
  const markup = html ?? fromDocument
  const navigate = useNavigate()
  const ref = useRef<HTMLDivElement>(null)
  const [root, setRoot] = useState<HTMLElement | null>(null)
  useEffect(() => setRoot(ref.current), [])
  useBodyIslands(ref, markup)
  // Again after new markup (a revalidation): its images are new elements.
  useEffect(() => {
    if (fadeImages && root && markup) return markImagesLoaded(root)
  }, [fadeImages, root, markup])

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
      // A file, not a page of the app (the footer's RSS feed).
      link.hasAttribute('data-document') ||
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
        data-server-html={name}
        className={fadeImages ? undefined : '[&_.fade-in-image]:opacity-100'}
        onClick={followLink}
        dangerouslySetInnerHTML={{ __html: markup }}
      />
      {root && children ? children(root) : null}
    </>
  )
}

/**
 * Marks the markup's card images loaded as they load (or fail), so they fade in: what
 * CardImage's ref and handlers do for the images React draws. Returns the clean-up.
 */
function markImagesLoaded(root: HTMLElement) {
  const images = [...root.querySelectorAll<HTMLImageElement>('img.fade-in-image')]
  const mark = (event: Event) => {
    ;(event.currentTarget as HTMLImageElement).dataset.loaded = 'true'
  }
  for (const img of images) {
    if (img.complete && img.naturalWidth > 0) img.dataset.loaded = 'true'
    else {
      img.addEventListener('load', mark, { once: true })
      img.addEventListener('error', mark, { once: true })
    }
  }
  return () => {
    for (const img of images) {
      img.removeEventListener('load', mark)
      img.removeEventListener('error', mark)
    }
  }
}

/** A body block that needs script, and its module (each exports `startIsland`, its stop). */
type Island = [
  selector: string,
  load: () => Promise<{ startIsland: (root: HTMLElement) => () => void }>,
]

const ISLANDS: Island[] = [
  [EMBED_ISLAND, () => import('./embed-consent')],
  [GALLERY_ISLAND, () => import('./gallery-lightbox')],
]

/**
 * The script of each body block under `ref` that needs one (an embed's click-to-load, a
 * gallery's lightbox: lib/body-islands.ts), fetched only when the markup holds such a block
 * (the article page's JavaScript budget), again when `markup` changes. Kept in this module, not
 * a chunk of its own: every page that draws server markup needs it, and a chunk costs bytes. A
 * live blog's coverage may gain one later (live-updates.tsx adds entries): it is watched until
 * each has arrived.
 */
export function useBodyIslands(ref: RefObject<HTMLElement | null>, markup: string) {
  useEffect(() => {
    const root = ref.current
    if (!root) return
    const waiting = new Set(ISLANDS)
    const stops: (() => void)[] = []
    let cancelled = false
    const look = () => {
      for (const island of waiting) {
        if (!root.querySelector(island[0])) continue
        waiting.delete(island)
        void island[1]().then((module) => {
          if (!cancelled) stops.push(module.startIsland(root))
        })
      }
      if (!waiting.size) watcher.disconnect()
    }
    const watcher = new MutationObserver(look)
    look()
    if (waiting.size && root.querySelector(LIVE_BLOG))
      watcher.observe(root, { childList: true, subtree: true })
    return () => {
      cancelled = true
      watcher.disconnect()
      for (const stop of stops) stop()
    }
  }, [ref, markup])
}
