// The print-edition reader: pdf.js renders the PDF's pages in the browser. This module is
// loaded lazily by the edition page only (routes/_site.newspapers_.$slug.tsx), so pdf.js and its
// worker never reach another page's bundle.
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  Loader2Icon,
  MoveHorizontalIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from 'lucide-react'
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  clampPage,
  doubleTapZoom,
  isDoubleTap,
  movePage,
  readerKeyMove,
  readerPageParam,
  stepZoom,
  swipeMove,
  ZOOM_STEPS,
  type ReaderMove,
  type Tap,
} from '~/lib/edition-page'
import { ghostButtonClass, outlineButtonClass } from './styles'

// A module worker from our own /assets (the CSP allows worker-src 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl

/** Past this many canvas pixels a page is drawn at a lower resolution (memory on phones). */
const MAX_CANVAS_PIXELS = 16_000_000
const THUMB_WIDTH = 96

type Status = 'loading' | 'ready' | 'error'

interface Props {
  title: string
  pdfUrl: string
  sizeLabel: string
  /** From the upload; the PDF itself has the last word once loaded. */
  knownPageCount: number
  initialPage: number
  cover: { url: string; width: number; height: number } | null
}

/** Draws one page of the document into a fresh canvas, `cssWidth` CSS pixels wide. */
async function renderPage(
  doc: PDFDocumentProxy,
  pageNumber: number,
  cssWidth: number,
  onTask: (task: RenderTask) => void,
): Promise<HTMLCanvasElement> {
  const page = await doc.getPage(pageNumber)
  const base = page.getViewport({ scale: 1 })
  const viewport = page.getViewport({ scale: cssWidth / base.width })
  const wanted = Math.min(window.devicePixelRatio || 1, 2)
  const fits = Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height))
  const outputScale = Math.min(wanted, fits)
  const canvas = document.createElement('canvas')
  canvas.width = Math.floor(viewport.width * outputScale)
  canvas.height = Math.floor(viewport.height * outputScale)
  canvas.style.width = `${Math.floor(viewport.width)}px`
  canvas.style.height = `${Math.floor(viewport.height)}px`
  canvas.style.display = 'block'
  const task = page.render({
    canvas,
    viewport,
    transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
  })
  onTask(task)
  await task.promise
  return canvas
}

function isCancel(error: unknown) {
  return (error as { name?: string } | null)?.name === 'RenderingCancelledException'
}

/** Keys typed into a field, a dialog or a menu are theirs, not the reader's. */
function keyBelongsElsewhere(event: KeyboardEvent) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return true
  const target = event.target as HTMLElement | null
  return Boolean(
    target?.isContentEditable ||
    target?.closest('input, textarea, select, [role="dialog"], [role="listbox"], [role="menu"]'),
  )
}

export default function EditionReader({
  title,
  pdfUrl,
  sizeLabel,
  knownPageCount,
  initialPage,
  cover,
}: Props) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const [zoom, setZoom] = useState(1)
  const pageCount = doc?.numPages ?? knownPageCount
  const requested = searchParams.has('page') ? readerPageParam(searchParams) : initialPage
  const page = clampPage(requested, pageCount)

  // The document: fetched once; a failure leaves the download link.
  useEffect(() => {
    let cancelled = false
    const task = getDocument({ url: pdfUrl, isEvalSupported: false })
    task.promise.then(
      (loaded) => {
        if (cancelled) return
        setDoc(loaded)
        setStatus('ready')
      },
      () => {
        if (!cancelled) setStatus('error')
      },
    )
    return () => {
      cancelled = true
      void task.destroy()
    }
  }, [pdfUrl])

  // The address follows the page (replacing, so Back leaves the edition rather than paging).
  const goTo = useCallback(
    (target: number) => {
      const next = clampPage(target, pageCount)
      if (String(next) === searchParams.get('page')) return
      setSearchParams(
        (params) => {
          params.set('page', String(next))
          return params
        },
        { replace: true, preventScrollReset: true },
      )
    },
    [pageCount, searchParams, setSearchParams],
  )
  const onFailure = useCallback(() => setStatus('error'), [])
  const move = useCallback(
    (where: ReaderMove) => goTo(movePage(page, where, pageCount)),
    [goTo, page, pageCount],
  )

  // ?page=99 of a 4-page edition shows page 4, and says so in the address.
  useEffect(() => {
    if (doc && searchParams.has('page') && String(page) !== searchParams.get('page')) goTo(page)
  }, [doc, page, searchParams, goTo])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (keyBelongsElsewhere(event)) return
      const where = readerKeyMove(event.key)
      if (!where || !doc) return
      event.preventDefault()
      move(where)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [doc, move])

  return (
    <div className="flex flex-col gap-4">
      <div
        role="toolbar"
        aria-label="Edition pages"
        className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-card px-2 py-1.5"
      >
        <PageTurns page={page} pageCount={pageCount} disabled={!doc} onMove={move} live />
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={ghostButtonClass}
            onClick={() => setZoom((z) => stepZoom(z, -1))}
            disabled={zoom <= ZOOM_STEPS[0] || !doc}
            aria-label="Zoom out"
            title="Zoom out"
          >
            <ZoomOutIcon aria-hidden="true" />
          </button>
          <span className="w-12 text-center text-sm tabular-nums text-muted-foreground">
            {Math.round(zoom * 100)}%
          </span>
          <button
            type="button"
            className={ghostButtonClass}
            onClick={() => setZoom((z) => stepZoom(z, 1))}
            disabled={zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1] || !doc}
            aria-label="Zoom in"
            title="Zoom in"
          >
            <ZoomInIcon aria-hidden="true" />
          </button>
          <button
            type="button"
            className={ghostButtonClass}
            onClick={() => setZoom(1)}
            disabled={zoom === 1 || !doc}
            title="Fit the page to the width"
          >
            <MoveHorizontalIcon aria-hidden="true" />
            <span className="hidden sm:inline">Fit width</span>
            <span className="sr-only sm:hidden">Fit width</span>
          </button>
        </div>
      </div>

      {status === 'error' ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-md border border-dashed px-4 py-12 text-center"
        >
          <p className="font-medium">This edition could not be displayed here.</p>
          <p className="text-sm text-muted-foreground">
            The PDF did not load. You can still download it and read it on your device.
          </p>
          <a href={pdfUrl} download type="application/pdf" className={outlineButtonClass}>
            <DownloadIcon aria-hidden="true" />
            {`Download the PDF (${sizeLabel})`}
          </a>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[8.5rem_minmax(0,1fr)]">
          <div className="order-2 min-w-0 lg:order-1">
            {doc ? <Thumbnails doc={doc} page={page} title={title} onSelect={goTo} /> : null}
          </div>
          <div className="order-1 flex min-w-0 flex-col gap-4 lg:order-2">
            <PageView
              doc={doc}
              page={page}
              pageCount={pageCount}
              zoom={zoom}
              onZoom={setZoom}
              title={title}
              cover={cover}
              onMove={move}
              onFailure={onFailure}
            />
            {doc && pageCount > 1 ? (
              <div className="flex justify-center">
                <PageTurns page={page} pageCount={pageCount} disabled={false} onMove={move} />
              </div>
            ) : null}
          </div>
        </div>
      )}
    </div>
  )
}

/** Previous / "Page 2 of 4" / Next. The live one (the toolbar's) announces page changes. */
function PageTurns({
  page,
  pageCount,
  disabled,
  onMove,
  live = false,
}: {
  page: number
  pageCount: number
  disabled: boolean
  onMove: (where: ReaderMove) => void
  live?: boolean
}) {
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={ghostButtonClass}
        onClick={() => onMove('previous')}
        disabled={disabled || page <= 1}
        aria-label="Previous page"
        title="Previous page (←)"
      >
        <ChevronLeftIcon aria-hidden="true" />
      </button>
      <span
        className="min-w-[7.5rem] text-center text-sm font-medium tabular-nums"
        aria-live={live ? 'polite' : undefined}
        aria-atomic={live ? true : undefined}
        aria-hidden={live ? undefined : true}
      >
        {pageCount > 0 ? `Page ${page} of ${pageCount}` : 'Loading pages…'}
      </span>
      <button
        type="button"
        className={ghostButtonClass}
        onClick={() => onMove('next')}
        disabled={disabled || page >= pageCount}
        aria-label="Next page"
        title="Next page (→)"
      >
        <ChevronRightIcon aria-hidden="true" />
      </button>
    </div>
  )
}

/**
 * The current page, as wide as the reader (times the zoom); swiped sideways on touch; a double
 * tap or double click zooms in where it landed, and back to fit.
 */
function PageView({
  doc,
  page,
  pageCount,
  zoom,
  onZoom,
  title,
  cover,
  onMove,
  onFailure,
}: {
  doc: PDFDocumentProxy | null
  page: number
  pageCount: number
  zoom: number
  onZoom: (zoom: number) => void
  title: string
  cover: Props['cover']
  onMove: (where: ReaderMove) => void
  onFailure: () => void
}) {
  const frameRef = useRef<HTMLDivElement>(null)
  const hostRef = useRef<HTMLDivElement>(null)
  const [frameWidth, setFrameWidth] = useState(0)
  const [drawn, setDrawn] = useState<{ page: number; width: number } | null>(null)
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null)
  const sheetRef = useRef<HTMLDivElement>(null)
  // A tap in progress, the last tap (for a double tap), and when a double tap last zoomed
  // (the browser may follow it with a dblclick of its own, which must not zoom back).
  const press = useRef<(Tap & { id: number }) | null>(null)
  const lastTap = useRef<Tap | null>(null)
  const lastDoubleTap = useRef(-Infinity)
  // The point of the page under the finger when a double tap zoomed, kept under it after.
  const anchor = useRef<{ fx: number; fy: number; x: number; y: number } | null>(null)

  useLayoutEffect(() => {
    const frame = frameRef.current
    if (!frame) return
    setFrameWidth(frame.clientWidth)
    const observer = new ResizeObserver(() => setFrameWidth(frame.clientWidth))
    observer.observe(frame)
    return () => observer.disconnect()
  }, [])

  const cssWidth = Math.floor(frameWidth * zoom)
  useEffect(() => {
    if (!doc || cssWidth === 0) return
    let task: RenderTask | null = null
    let cancelled = false
    renderPage(doc, page, cssWidth, (t) => (task = t)).then(
      (canvas) => {
        if (cancelled || !hostRef.current) return
        canvas.setAttribute('aria-hidden', 'true')
        // As wide as the sheet, whatever it was drawn for: a zoom shows the old drawing
        // stretched at once, at the new size, until the sharper one replaces it.
        canvas.style.width = '100%'
        canvas.style.height = 'auto'
        hostRef.current.replaceChildren(canvas)
        setDrawn({ page, width: cssWidth })
      },
      (error: unknown) => {
        if (!cancelled && !isCancel(error)) onFailure()
      },
    )
    return () => {
      cancelled = true
      // The task may not exist yet (the page was still loading): then nothing draws.
      ;(task as RenderTask | null)?.cancel()
    }
  }, [doc, page, cssWidth, onFailure])

  // After a double tap's zoom the sheet has its new size at once (the old drawing stretched
  // until the new one is ready): scroll so the point tapped is where the finger still is.
  useLayoutEffect(() => {
    const frame = frameRef.current
    const sheet = sheetRef.current
    const target = anchor.current
    anchor.current = null
    if (!frame || !sheet || !target) return
    const box = sheet.getBoundingClientRect()
    frame.scrollLeft += box.left + target.fx * box.width - target.x
    window.scrollBy(0, box.top + target.fy * box.height - target.y)
  }, [cssWidth])

  const zoomAt = (x: number, y: number) => {
    const box = sheetRef.current?.getBoundingClientRect()
    if (box && box.width > 0 && box.height > 0) {
      anchor.current = { fx: (x - box.left) / box.width, fy: (y - box.top) / box.height, x, y }
    }
    onZoom(doubleTapZoom(zoom))
  }

  const ready = drawn !== null && drawn.page === page && drawn.width === cssWidth
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.pointerType !== 'touch') return
    // A second finger is a pinch, not a tap.
    press.current = event.isPrimary
      ? { x: event.clientX, y: event.clientY, at: event.timeStamp, id: event.pointerId }
      : null
    if (zoom > 1) return
    swipe.current = { x: event.clientX, y: event.clientY, id: event.pointerId }
  }
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipe.current
    swipe.current = null
    const tapStart = press.current
    press.current = null
    if (doc && tapStart && tapStart.id === event.pointerId) {
      const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp }
      const still = Math.hypot(tap.x - tapStart.x, tap.y - tapStart.y) < 12
      if (still && tap.at - tapStart.at < 300) {
        if (isDoubleTap(lastTap.current, tap)) {
          lastTap.current = null
          lastDoubleTap.current = tap.at
          zoomAt(tap.x, tap.y)
          return
        }
        lastTap.current = tap
      }
    }
    if (!start || start.id !== event.pointerId) return
    const where = swipeMove(event.clientX - start.x, event.clientY - start.y)
    if (where) onMove(where)
  }
  const onDoubleClick = (event: React.MouseEvent) => {
    if (!doc || event.timeStamp - lastDoubleTap.current < 600) return
    event.preventDefault()
    zoomAt(event.clientX, event.clientY)
  }

  return (
    // On a phone the page takes the screen's whole width (the gutters given up): fitted to the
    // width, it is as large as it can be without scrolling sideways.
    <div
      ref={frameRef}
      data-zoom={zoom}
      className="relative -mx-4 w-[calc(100%+2rem)] max-w-4xl overflow-auto border-y bg-muted sm:mx-auto sm:w-full sm:rounded-sm sm:border"
      // Sideways swipes turn pages at the fitted size, so only vertical panning and pinching
      // are the browser's then; zoomed in, all panning is.
      style={{ touchAction: zoom > 1 ? 'pan-x pan-y pinch-zoom' : 'pan-y pinch-zoom' }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipe.current = null
        press.current = null
      }}
      onDoubleClick={onDoubleClick}
    >
      <div
        ref={sheetRef}
        role="img"
        aria-label={`${title}, page ${page}${pageCount > 0 ? ` of ${pageCount}` : ''}`}
        className="relative mx-auto bg-white"
        style={{ width: cssWidth || '100%' }}
      >
        <div ref={hostRef} className={drawn ? '' : 'aspect-[612/792]'} />
        {!drawn && cover ? (
          <img
            src={cover.url}
            width={cover.width}
            height={cover.height}
            alt=""
            className="absolute inset-0 size-full object-contain"
          />
        ) : null}
      </div>
      {!ready ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-x-0 top-4 flex justify-center"
        >
          <span className="inline-flex items-center gap-2 rounded-full bg-background/90 px-3 py-1.5 text-sm shadow">
            <Loader2Icon
              aria-hidden="true"
              className="size-4 animate-spin motion-reduce:animate-none"
            />
            {doc ? 'Drawing the page…' : 'Loading the edition…'}
          </span>
        </div>
      ) : null}
    </div>
  )
}

/** Every page small, the current one marked; a click goes there. */
function Thumbnails({
  doc,
  page,
  title,
  onSelect,
}: {
  doc: PDFDocumentProxy
  page: number
  title: string
  onSelect: (page: number) => void
}) {
  const stripRef = useRef<HTMLOListElement>(null)

  // Keep the current page's thumbnail in view within the strip (never scrolling the window).
  useEffect(() => {
    const strip = stripRef.current
    const item = strip?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!strip || !item) return
    if (strip.scrollWidth > strip.clientWidth) {
      strip.scrollLeft = item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2
    }
    if (strip.scrollHeight > strip.clientHeight) {
      strip.scrollTop = item.offsetTop - (strip.clientHeight - item.offsetHeight) / 2
    }
  }, [page])

  return (
    <nav aria-label={`Pages of ${title}`}>
      <ol
        ref={stripRef}
        className="relative flex gap-3 overflow-x-auto pb-2 lg:sticky lg:top-44 lg:max-h-[calc(100vh-12rem)] lg:flex-col lg:overflow-y-auto lg:overflow-x-hidden lg:pb-0 lg:pr-2"
      >
        {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((n) => (
          <li key={n} className="shrink-0">
            <button
              type="button"
              onClick={() => onSelect(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              className="group flex flex-col items-center gap-1 rounded-sm p-1 text-xs text-muted-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-foreground"
            >
              <Thumbnail doc={doc} pageNumber={n} />
              <span aria-hidden="true">{n}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** One page drawn small, once it scrolls near the strip's view. */
function Thumbnail({ doc, pageNumber }: { doc: PDFDocumentProxy; pageNumber: number }) {
  const hostRef = useRef<HTMLSpanElement>(null)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    const host = hostRef.current
    if (!host) return
    let task: RenderTask | null = null
    let cancelled = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        renderPage(doc, pageNumber, THUMB_WIDTH, (t) => (task = t)).then(
          (canvas) => {
            if (cancelled) return
            host.replaceChildren(canvas)
            setDrawn(true)
          },
          () => {
            // A thumbnail that cannot be drawn stays a blank sheet with its number.
          },
        )
      },
      { rootMargin: '200px' },
    )
    observer.observe(host)
    return () => {
      cancelled = true
      observer.disconnect()
      ;(task as RenderTask | null)?.cancel()
    }
  }, [doc, pageNumber])

  return (
    <span
      ref={hostRef}
      aria-hidden="true"
      className={`block overflow-hidden border bg-white shadow-sm group-hover:ring-1 group-hover:ring-foreground/30 group-aria-[current=page]:ring-2 group-aria-[current=page]:ring-primary ${drawn ? '' : 'aspect-[612/792]'}`}
      style={{ width: THUMB_WIDTH }}
    />
  )
}
