import { DomUtils } from 'htmlparser2'
import { escapeHtml } from '~/lib/html'
import { galleryHtml, GALLERY_MAX_IMAGES, pixels, type GalleryImage } from '~/lib/gallery'
import { isElement, type HtmlElement, type HtmlNode } from '~/lib/html-dom'
import { closest, parseHtml, splice, type Edit } from './html-edits'

// WordPress's table and gallery blocks (core/table, core/gallery, old and new markup) and
// Ghost's gallery card become our table and gallery blocks (issue 40) instead of loose HTML:
// a table's figcaption its <caption>, a gallery's images with their own captions the gallery
// of lib/gallery.ts. A caption for a whole gallery (Ghost's, WordPress's) has no place on any
// one image: it follows the gallery as a paragraph.

function hasClass(element: HtmlElement, name: string): boolean {
  return (element.attribs.class ?? '').split(/\s+/).includes(name)
}

function text(node: HtmlNode | null | undefined): string {
  return node ? DomUtils.textContent(node).replace(/\s+/g, ' ').trim() : ''
}

function children(element: HtmlElement, name: string): HtmlElement[] {
  return element.children.filter(
    (child): child is HtmlElement => isElement(child) && child.name === name,
  )
}

/** <figure class="wp-block-table"><table>…</table><figcaption>…</figcaption></figure> */
function tableBlock(html: string, figure: HtmlElement): string | null {
  const [table] = children(figure, 'table')
  if (!table) return null
  const caption = text(children(figure, 'figcaption')[0])
  const rows = table.children.length
    ? html.slice(table.children[0].startIndex!, table.children.at(-1)!.endIndex! + 1)
    : ''
  return `<table>${caption ? `<caption>${escapeHtml(caption)}</caption>` : ''}${rows}</table>`
}

/** An image file a gallery links to (WordPress's "link to media file"), else null. */
function fileLink(img: HtmlElement): string | null {
  const link = closest(img, 'a')?.attribs.href
  return link && /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.test(link) ? link : null
}

/** The images of a gallery block or card, each with its own figure's caption. */
function galleryImages(gallery: HtmlElement): GalleryImage[] {
  return DomUtils.findAll((element) => element.name === 'img', gallery.children)
    .filter((img) => img.attribs.src)
    .slice(0, GALLERY_MAX_IMAGES)
    .map((img) => {
      const own = closest(img, 'figure')
      const caption = own && own !== gallery ? text(children(own, 'figcaption')[0]) : ''
      return {
        src: img.attribs.src,
        full: fileLink(img) ?? img.attribs.src,
        alt: img.attribs.alt ?? '',
        caption,
        credit: '',
        width: pixels(img.attribs.width),
        height: pixels(img.attribs.height),
      }
    })
}

function galleryBlock(gallery: HtmlElement): string | null {
  const images = galleryImages(gallery)
  if (images.length === 0) return null
  const caption = text(children(gallery, 'figcaption')[0])
  return galleryHtml(images) + (caption ? `<p>${escapeHtml(caption)}</p>` : '')
}

function blockOf(html: string, element: HtmlElement): string | null {
  if (element.name !== 'figure') return null
  if (hasClass(element, 'wp-block-table')) return tableBlock(html, element)
  if (hasClass(element, 'wp-block-gallery') || hasClass(element, 'kg-gallery-card')) {
    return galleryBlock(element)
  }
  return null
}

/** A body with its table and gallery blocks and cards in our markup; the rest as written. */
export function convertBlocks(html: string): string {
  // Text and addresses decoded (they are written again, escaped); positions are the source's.
  const doc = parseHtml(html, { decodeEntities: true })
  const edits: Edit[] = []
  const visit = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      const block = blockOf(html, node)
      if (block !== null) edits.push({ node, text: block })
      else visit(node.children)
    }
  }
  visit(doc.children)
  return splice(html, edits)
}

/** WordPress's [gallery] shortcode's images, as our gallery. */
export function shortcodeGallery(urls: string[]): string {
  if (urls.length === 0) return ''
  return galleryHtml(
    urls.slice(0, GALLERY_MAX_IMAGES).map((url) => ({
      src: url,
      full: url,
      alt: '',
      caption: '',
      credit: '',
      width: null,
      height: null,
    })),
  )
}
