import { EMBED_FRAME_ATTRIBUTE } from '~/lib/embed-markup'

// The reader's side of an embed (issue 40), loaded only on pages that have one (`useBodyIslands`
// in server-html.tsx).
// The card the server drew asks the provider for nothing; this shows its "Load" and "Always load
// from {provider}" buttons, and makes the provider's frame only when the reader chooses. An
// "always" choice is kept in this browser (localStorage) and frames of that provider then load
// as they come into view.

const ALWAYS_KEY = 'broadsheet:embeds:always'
const STARTED = 'embedStarted'

function alwaysLoaded(): Set<string> {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(ALWAYS_KEY) ?? '[]')
    return new Set(Array.isArray(kept) ? kept.filter((k) => typeof k === 'string') : [])
  } catch {
    return new Set()
  }
}

function rememberAlways(kind: string) {
  const kinds = alwaysLoaded()
  kinds.add(kind)
  try {
    localStorage.setItem(ALWAYS_KEY, JSON.stringify([...kinds]))
  } catch {
    // Storage refused (private mode, full): the choice holds for this page only.
  }
}

function load(figure: HTMLElement) {
  const src = figure.getAttribute(EMBED_FRAME_ATTRIBUTE)
  if (!src || figure.querySelector('iframe')) return
  const frame = document.createElement('iframe')
  frame.src = src
  frame.title = `${figure.dataset.embedName ?? 'Embedded'} content`
  frame.className = 'embed-frame'
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture; clipboard-write'
  frame.allowFullscreen = true
  frame.referrerPolicy = 'strict-origin-when-cross-origin'
  frame.setAttribute(
    'sandbox',
    'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation',
  )
  if (figure.dataset.embedHeight) frame.style.height = `${figure.dataset.embedHeight}px`
  else frame.style.aspectRatio = figure.dataset.embedAspect ?? '16 / 9'
  figure.dataset.embedLoaded = 'true'
  figure.prepend(frame)
  figure.querySelector<HTMLElement>('.embed-consent')?.setAttribute('hidden', '')
}

/** Starts every embed under `root` (and those added later, as a live blog's); returns the stop. */
export function startIsland(root: HTMLElement): () => void {
  const onSight = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        onSight.unobserve(entry.target)
        load(entry.target as HTMLElement)
      }
    },
    { rootMargin: '200px' },
  )

  const start = () => {
    const always = alwaysLoaded()
    for (const figure of root.querySelectorAll<HTMLElement>(`figure[${EMBED_FRAME_ATTRIBUTE}]`)) {
      if (figure.dataset[STARTED]) continue
      figure.dataset[STARTED] = 'true'
      if (always.has(figure.dataset.embedKind ?? '')) onSight.observe(figure)
      else figure.querySelector<HTMLElement>('.embed-consent')?.removeAttribute('hidden')
    }
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>(
      '[data-embed-load], [data-embed-always]',
    )
    const figure = button?.closest<HTMLElement>(`figure[${EMBED_FRAME_ATTRIBUTE}]`)
    if (!button || !figure) return
    if (button.hasAttribute('data-embed-always')) {
      const kind = figure.dataset.embedKind ?? ''
      rememberAlways(kind)
      for (const other of root.querySelectorAll<HTMLElement>(
        `figure[data-embed-kind="${CSS.escape(kind)}"]`,
      ))
        if (other !== figure) onSight.observe(other)
    }
    load(figure)
  }

  start()
  root.addEventListener('click', onClick)
  const added = new MutationObserver(start)
  added.observe(root, { childList: true, subtree: true })
  return () => {
    root.removeEventListener('click', onClick)
    added.disconnect()
    onSight.disconnect()
  }
}
