import { parseDocument } from 'htmlparser2'
import { isElement, type HtmlDocument, type HtmlElement, type HtmlNode } from '~/lib/html-dom'

// An imported body is read with a parser (htmlparser2) and changed by edits cut into the source
// at the parser's positions, so everything not changed stays as written.

/**
 * A document with each node's place in `html`; attribute values and text as written (an
 * image's address is the one `html` holds) unless `decodeEntities`.
 */
export function parseHtml(html: string, { decodeEntities = false } = {}): HtmlDocument {
  return parseDocument(html, { decodeEntities, withStartIndices: true, withEndIndices: true })
}

/** Where a node ends in the source: an element closed by the next one's start ends there. */
export function endOf(node: HtmlNode): number {
  const end = node.endIndex! + 1
  return node.next ? Math.min(end, node.next.startIndex!) : end
}

export function parentElement(node: HtmlNode): HtmlElement | null {
  const parent = node.parent as HtmlNode | null
  return parent && isElement(parent) ? parent : null
}

/** The nearest element named `name` around `node`, or null. */
export function closest(node: HtmlNode, name: string): HtmlElement | null {
  for (let at = parentElement(node); at; at = parentElement(at)) if (at.name === name) return at
  return null
}

export function sourceOf(html: string, node: HtmlNode): string {
  return html.slice(node.startIndex!, endOf(node))
}

export interface Edit {
  node: HtmlNode
  /** What the node becomes. */
  text: string
}

/** `html` with each edit's node replaced by its text; edits must not overlap. */
export function splice(html: string, edits: Edit[]): string {
  let result = html
  for (const { node, text } of [...edits].sort((a, b) => b.node.startIndex! - a.node.startIndex!)) {
    result = result.slice(0, node.startIndex!) + text + result.slice(endOf(node))
  }
  return result
}
