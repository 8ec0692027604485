// The reader's lightbox for body galleries (issue 40; markup in lib/gallery.ts). Loaded only by
// pages that have a gallery (`useBodyIslands` in server-html.tsx),
// so no other page pays for it. Without it, each image is a link to its full size. A modal
// <dialog>: the rest of the page is inert while it is open; arrows and swipes move between
// images, Escape closes it, Tab stays inside it, and the focus goes back to the image that
// opened it.

/** Put on the root once galleries under it open in the lightbox (a zoom cursor; tests wait for it). */
export const LIGHTBOX_READY_ATTRIBUTE = 'data-lightbox'

/**
 * A gallery (GALLERY_ATTRIBUTE in lib/gallery.ts), written out: importing it would make this
 * chunk depend on one the editor shares, fetched with it.
 */
export const GALLERY = 'figure[data-gallery]'
const SWIPE_PX = 40

interface Shown {
  href: string
  alt: string
  caption: Node[]
}

function shownOf(link: HTMLAnchorElement): Shown {
  const figcaption = link.closest('figure')?.querySelector('figcaption')
  return {
    href: link.href,
    alt: link.querySelector('img')?.alt ?? '',
    caption: figcaption ? Array.from(figcaption.childNodes, (node) => node.cloneNode(true)) : [],
  }
}

function button(label: string, text: string, className: string) {
  const element = document.createElement('button')
  element.type = 'button'
  element.className = className
  element.setAttribute('aria-label', label)
  element.textContent = text
  return element
}

/** Opens `links[start]` in a lightbox; resolves nothing, cleans up after itself on close. */
function openLightbox(links: HTMLAnchorElement[], start: number) {
  let index = start
  const opener = links[start]
  const dialog = document.createElement('dialog')
  dialog.className = 'gallery-lightbox'
  dialog.setAttribute('aria-label', 'Gallery')
  const close = button('Close', '×', 'gallery-lightbox-close')
  const previous = button('Previous image', '‹', 'gallery-lightbox-previous')
  const next = button('Next image', '›', 'gallery-lightbox-next')
  const figure = document.createElement('figure')
  const img = document.createElement('img')
  const figcaption = document.createElement('figcaption')
  const count = document.createElement('p')
  count.className = 'gallery-lightbox-count'
  count.setAttribute('aria-live', 'polite')
  figure.append(img, figcaption)
  dialog.append(close, figure, count, previous, next)

  function show(at: number) {
    index = (at + links.length) % links.length
    const shown = shownOf(links[index])
    img.src = shown.href
    img.alt = shown.alt
    figcaption.replaceChildren(...shown.caption)
    figcaption.hidden = shown.caption.length === 0
    count.textContent = `Image ${index + 1} of ${links.length}`
  }

  close.addEventListener('click', () => dialog.close())
  previous.addEventListener('click', () => show(index - 1))
  next.addEventListener('click', () => show(index + 1))
  // A click on the backdrop (the dialog itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close()
  })
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowRight') show(index + 1)
    else if (event.key === 'ArrowLeft') show(index - 1)
    else if (event.key === 'Tab') {
      // The browser's own chrome is outside a modal dialog too; the page's Tab stays in it.
      const stops = [close, previous, next]
      const at = stops.indexOf(document.activeElement as HTMLButtonElement)
      const to = event.shiftKey ? at - 1 : at + 1
      stops[(to + stops.length) % stops.length].focus()
    } else return
    event.preventDefault()
  })
  let touchX: number | null = null
  dialog.addEventListener(
    'touchstart',
    (event) => {
      touchX = event.touches.length === 1 ? event.touches[0].clientX : null
    },
    { passive: true },
  )
  dialog.addEventListener('touchend', (event) => {
    if (touchX === null) return
    const dx = event.changedTouches[0].clientX - touchX
    touchX = null
    if (Math.abs(dx) >= SWIPE_PX) show(dx < 0 ? index + 1 : index - 1)
  })
  dialog.addEventListener('close', () => {
    dialog.remove()
    opener.focus()
  })

  show(start)
  document.body.append(dialog)
  dialog.showModal()
  close.focus()
}

/**
 * Makes each gallery under `root` open its images in the lightbox, those added later too (a
 * live blog's entries: the click is handled on the root); returns the undo.
 */
export function startIsland(root: HTMLElement): () => void {
  function onClick(event: MouseEvent) {
    // A new tab, a download or a middle click keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    const link = (event.target as Element | null)?.closest?.(`${GALLERY} a`)
    if (!(link instanceof HTMLAnchorElement)) return
    const gallery = link.closest(GALLERY)!
    const links = Array.from(gallery.querySelectorAll<HTMLAnchorElement>(':scope > figure > a'))
    const start = links.indexOf(link)
    if (start < 0) return
    event.preventDefault()
    openLightbox(links, start)
  }
  root.addEventListener('click', onClick as EventListener)
  root.setAttribute(LIGHTBOX_READY_ATTRIBUTE, '')
  return () => {
    root.removeEventListener('click', onClick as EventListener)
    root.removeAttribute(LIGHTBOX_READY_ATTRIBUTE)
  }
}
