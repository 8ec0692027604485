import type { DomUtils, parseDocument } from 'htmlparser2'

// The node types of htmlparser2's tree, named once (they live in domhandler, which the site
// reaches only through htmlparser2), with the two guards every walk over the tree needs.

export type HtmlDocument = ReturnType<typeof parseDocument>
export type HtmlNode = HtmlDocument['children'][number]
export type HtmlElement = Parameters<typeof DomUtils.getAttributeValue>[0]
export type HtmlText = HtmlNode & { data: string }

export const isElement = (node: HtmlNode): node is HtmlElement => 'attribs' in node
export const isText = (node: HtmlNode): node is HtmlText => node.type === 'text'
