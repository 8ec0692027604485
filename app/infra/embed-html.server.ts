import { parseDocument } from 'htmlparser2'
import { EMBED_ATTRIBUTE, embedBlock, type EmbedBlock } from '~/lib/embed-block'
import { isElement, type HtmlNode } from '~/lib/html-dom'

// Every embed block of a sanitised body (a figure with data-embed) rebuilt from its attributes
// alone: what was inside it is dropped, an address no block may hold drops the block. Read with
// a parser and changed by the parser's positions, the rest of the body kept as written.

const MEDIA_NAME = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/

/** A picture of our media library (disk, or the S3 public address when there is one). */
export function isOwnMediaAddress(address: string): boolean {
  const prefixes = ['/media/media/']
  const s3 = process.env.S3_PUBLIC_URL?.replace(/\/+$/, '')
  if (s3) prefixes.push(`${s3}/media/`)
  const prefix = prefixes.find((p) => address.startsWith(p))
  return prefix !== undefined && MEDIA_NAME.test(address.slice(prefix.length))
}

function endOf(node: HtmlNode): number {
  const end = node.endIndex! + 1
  return node.next ? Math.min(end, node.next.startIndex!) : end
}

/** `html` with every embed block drawn by `draw` (its stored form, or the reader's card). */
export function rewriteEmbeds(html: string, draw: (block: EmbedBlock) => string): string {
  if (!html.includes(`${EMBED_ATTRIBUTE.provider}=`)) return html
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true })
  const edits: { node: HtmlNode; text: string }[] = []
  const visit = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      if (node.name === 'figure' && EMBED_ATTRIBUTE.provider in node.attribs) {
        const a = node.attribs
        const block = embedBlock(
          {
            url: a[EMBED_ATTRIBUTE.url] ?? '',
            title: a[EMBED_ATTRIBUTE.title],
            author: a[EMBED_ATTRIBUTE.author],
            thumbnail: a[EMBED_ATTRIBUTE.thumbnail],
          },
          isOwnMediaAddress,
        )
        edits.push({ node, text: block ? draw(block) : '' })
      } else visit(node.children as HtmlNode[])
    }
  }
  visit(doc.children)
  let result = html
  for (const { node, text } of edits.reverse())
    result = result.slice(0, node.startIndex!) + text + result.slice(endOf(node))
  return result
}
