import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Icon } from './icon'
import type { BreakingNewsItemView } from './card-view.server'

/** docs/product.md §7: breaking news is fresh for 30 s. */
const REFRESH_MS = 30_000

/** The server's list first, then the resource route's every 30 s while the tab is visible. */
function useBreakingNews(initial: BreakingNewsItemView[]) {
  const [polled, setPolled] = useState<BreakingNewsItemView[] | null>(null)
  useEffect(() => {
    let controller: AbortController | undefined
    const refresh = async () => {
      if (document.visibilityState === 'hidden') return
      controller?.abort()
      controller = new AbortController()
      try {
        const response = await fetch('/api/breaking-news', { signal: controller.signal })
        if (!response.ok) return
        const body = (await response.json()) as { items: BreakingNewsItemView[] }
        setPolled(body.items)
      } catch {
        // A missed refresh keeps what is shown; the next tick tries again.
      }
    }
    const timer = setInterval(refresh, REFRESH_MS)
    return () => {
      clearInterval(timer)
      controller?.abort()
    }
  }, [])
  return polled ?? initial
}

const expiry = (item: BreakingNewsItemView) =>
  item.expiresIso ? Date.parse(item.expiresIso) : Number.POSITIVE_INFINITY

/**
 * The items whose time has not run out by the browser's clock: a page from the cache, or a
 * tab left open, never shows a stale one. Each goes at its expiry. Before hydration the
 * server's list as it is, so the first render matches the server's.
 */
function useUnexpired(items: BreakingNewsItemView[]) {
  const [clock, setClock] = useState<number | null>(null)
  // The browser's time once hydrated, and again whenever a refresh brings a new list.
  useEffect(() => setClock(Date.now()), [items])
  useEffect(() => {
    if (clock === null) return
    const next = Math.min(...items.map(expiry).filter((at) => at > clock))
    if (!Number.isFinite(next)) return
    // Timers cap at about 24.8 days; a later expiry is looked at again then.
    const timer = setTimeout(() => setClock(Date.now()), Math.min(next - clock, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [items, clock])
  return clock === null ? items : items.filter((item) => expiry(item) > clock)
}

/** Whether the items are wider than the bar: only then do they move. */
function useOverflow(itemCount: number) {
  const viewport = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const [overflows, setOverflows] = useState(false)
  useEffect(() => {
    const box = viewport.current
    const items = list.current
    if (!box || !items || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      // The list's own width, without the gap it keeps before its moving copy.
      const width = items.scrollWidth - parseFloat(getComputedStyle(items).paddingRight || '0')
      setOverflows(width > box.clientWidth + 1)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    observer.observe(items)
    return () => observer.disconnect()
  }, [itemCount])
  return { viewport, list, overflows }
}

function TickerItems({
  items,
  copy,
  listRef,
  moving,
}: {
  items: BreakingNewsItemView[]
  copy: boolean
  listRef?: React.Ref<HTMLUListElement>
  moving: boolean
}) {
  return (
    <ul
      ref={listRef}
      aria-hidden={copy || undefined}
      className={`flex shrink-0 items-center gap-x-10 ${moving ? 'pr-10' : 'pr-3'} ${copy ? 'motion-reduce:hidden' : ''}`}
    >
      {items.map((item) => (
        <li key={item.id} className="shrink-0">
          <Link
            to={`/article/${item.slug}`}
            // Its LIVE badge is drawn by app.css: no code of its own on every page.
            data-live={item.isLive || undefined}
            tabIndex={copy ? -1 : undefined}
            className="inline-flex items-baseline gap-2 whitespace-nowrap rounded-sm text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-breaking-foreground"
          >
            <span>{item.title}</span>
            {item.publishedIso ? (
              <time dateTime={item.publishedIso} className="text-xs opacity-90">
                {item.timeLabel}
              </time>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  )
}

function PauseButton({ paused, onToggle }: { paused: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={paused}
      aria-label="Pause breaking news"
      title={paused ? 'Play' : 'Pause'}
      onClick={onToggle}
      className="z-10 flex size-10 shrink-0 items-center justify-center bg-breaking hover:bg-black/15 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-breaking-foreground motion-reduce:hidden"
    >
      <Icon name={paused ? 'play' : 'pause'} className="size-4 fill-current" />
    </button>
  )
}

/**
 * The red bar under the header (docs/product.md §2 Breaking news bar): "Breaking News" and a link to
 * each breaking article with its time. Items leave at their expiry (by the browser's clock
 * too). It moves, on a 30 s cycle, only when the items are wider than the bar; it pauses on
 * hover and keyboard focus, and a tap on it (or its pause button) stops and starts it. For
 * readers who ask for reduced motion it never moves: a list that scrolls sideways. Absent when
 * there is no breaking news.
 */
export function BreakingNewsBar({ initialItems }: { initialItems: BreakingNewsItemView[] }) {
  const items = useUnexpired(useBreakingNews(initialItems))
  const { viewport, list, overflows } = useOverflow(items.length)
  const [paused, setPaused] = useState(false)
  if (items.length === 0) return null
  const moving = overflows
  return (
    <section aria-label="Breaking News" className="bg-breaking text-breaking-foreground">
      <div className="flex h-10 items-center">
        <p className="z-10 flex h-full shrink-0 items-center gap-1.5 bg-breaking px-3 text-xs font-bold uppercase tracking-wider sm:px-5">
          <Icon name="zap" className="size-3.5 fill-current" />
          Breaking News
        </p>
        <div
          ref={viewport}
          className={`flex h-full min-w-0 flex-1 items-center ${moving ? 'overflow-hidden motion-reduce:overflow-x-auto' : 'overflow-x-auto'}`}
          onPointerUp={(event) => {
            // A tap on a phone (not on a link, which opens its story) stops or starts it.
            if (!moving || event.pointerType === 'mouse') return
            if ((event.target as Element).closest('a')) return
            setPaused((value) => !value)
          }}
        >
          <div
            className={`flex w-max ${moving ? 'animate-ticker' : ''}`}
            data-paused={moving && paused ? '' : undefined}
          >
            <TickerItems items={items} copy={false} listRef={list} moving={moving} />
            {moving ? <TickerItems items={items} copy moving /> : null}
          </div>
        </div>
        {moving ? <PauseButton paused={paused} onToggle={() => setPaused((v) => !v)} /> : null}
      </div>
    </section>
  )
}
