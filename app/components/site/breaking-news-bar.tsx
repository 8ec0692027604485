import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Icon } from './icon'
import type { BreakingNewsItemView } from './card-view.server'

/** Spec §7: breaking news is fresh for 30 s. */
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

function TickerItems({ items, copy }: { items: BreakingNewsItemView[]; copy: boolean }) {
  return (
    <ul
      aria-hidden={copy || undefined}
      className={`flex min-w-screen shrink-0 items-center gap-10 pr-10 ${copy ? 'motion-reduce:hidden' : ''}`}
    >
      {items.map((item) => (
        <li key={item.id} className="shrink-0">
          <Link
            to={`/article/${item.slug}`}
            tabIndex={copy ? -1 : undefined}
            className="inline-flex items-baseline gap-2 rounded-sm text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-breaking-foreground"
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

/**
 * The red ticker under the header (spec §2 Breaking news bar): "Breaking News" and a link to
 * each breaking article with its time, scrolling on a 30 s cycle (paused on hover or focus,
 * still for readers who ask for reduced motion). Absent when there is no breaking news.
 */
export function BreakingNewsBar({ initialItems }: { initialItems: BreakingNewsItemView[] }) {
  const items = useBreakingNews(initialItems)
  if (items.length === 0) return null
  return (
    <section aria-label="Breaking News" className="bg-breaking text-breaking-foreground">
      <div className="flex h-10 items-center">
        <p className="z-10 flex h-full shrink-0 items-center gap-1.5 bg-breaking px-3 text-xs font-bold uppercase tracking-wider sm:px-5">
          <Icon name="zap" className="size-3.5 fill-current" />
          Breaking News
        </p>
        <div className="min-w-0 flex-1 overflow-hidden motion-reduce:overflow-x-auto">
          <div className="animate-ticker flex w-max">
            <TickerItems items={items} copy={false} />
            <TickerItems items={items} copy />
          </div>
        </div>
      </div>
    </section>
  )
}
