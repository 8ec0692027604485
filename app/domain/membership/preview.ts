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
  const kept: string[] = []
  let seen = 0
  for (const node of parseDocument(html).children) {
    if (seen >= paragraphs) break
    if (isElement(node) && holdsMarker(node)) break
    kept.push(DomUtils.getOuterHTML(node))
    if (isElement(node) && node.name === 'p' && DomUtils.textContent(node).trim() !== '') seen++
  }
  return kept.join('')
}

function holdsMarker(element: HtmlElement): boolean {
  if (PREVIEW_END_ATTRIBUTE in element.attribs) return true
  return DomUtils.findOne((e) => PREVIEW_END_ATTRIBUTE in e.attribs, element.children) !== null
}
