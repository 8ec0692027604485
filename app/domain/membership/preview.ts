import { DomUtils, parseDocument } from 'htmlparser2'
import { isElement, type HtmlElement } from '~/lib/html-dom'

/**
 * The part of an article a reader without access is sent: its first `paragraphs` paragraphs
 * (top-level <p> with text; headings, images and quotes before them come along), or everything
 * before the editor's "preview ends here" marker when it comes first. The rest is never in the
 * answer. Works on the sanitised HTML the site stores.
 */

/** The editor's marker: an element with this attribute (kept by the sanitiser). */
export const PREVIEW_END_ATTRIBUTE = 'data-preview-end'

export const DEFAULT_PREVIEW_PARAGRAPHS = 3

export function previewHtml(html: string, paragraphs = DEFAULT_PREVIEW_PARAGRAPHS): string {
  return splitAtPreview(html, paragraphs).preview
}

/**
 * The article cut where its preview ends: `preview` as `previewHtml` gives it, and `rest`, what a
 * reader with access reads after it (the page wraps it in the gated part JSON-LD names). The
 * editor's marker itself is in neither.
 */
export function splitAtPreview(
  html: string,
  paragraphs = DEFAULT_PREVIEW_PARAGRAPHS,
): { preview: string; rest: string } {
  const nodes = parseDocument(html).children
  let seen = 0
  let cut = 0
  for (; cut < nodes.length; cut++) {
    const node = nodes[cut]
    if (seen >= paragraphs) break
    if (isElement(node) && holdsMarker(node)) break
    if (isElement(node) && node.name === 'p' && DomUtils.textContent(node).trim() !== '') seen++
  }
  const rest = nodes.slice(cut)
  const marker = rest[0]
  return {
    preview: DomUtils.getOuterHTML(nodes.slice(0, cut)),
    // A marker standing alone (<hr data-preview-end>) goes; one inside a block keeps the block.
    rest: DomUtils.getOuterHTML(
      marker && isElement(marker) && PREVIEW_END_ATTRIBUTE in marker.attribs ? rest.slice(1) : rest,
    ),
  }
}

function holdsMarker(element: HtmlElement): boolean {
  if (PREVIEW_END_ATTRIBUTE in element.attribs) return true
  return DomUtils.findOne((e) => PREVIEW_END_ATTRIBUTE in e.attribs, element.children) !== null
}
