import { BODY_BLOCKS } from '~/lib/body-blocks'
import { escapeHtml } from '~/lib/html'

// The markup of our blocks (lib/body-blocks.ts) as an import writes them, from WordPress's
// blocks and Ghost's cards (import-body.ts finds them): what our editor would have written.

/** A pull quote: its words and who said them, as plain text ('' for nobody). */
export function pullQuoteHtml(text: string, attribution: string): string {
  const { tag, name } = BODY_BLOCKS.pullQuote
  const by = attribution.trim()
  return `<${tag} data-block="${name}"><blockquote><p>${escapeHtml(text.trim())}</p></blockquote>${
    by ? `<figcaption>${escapeHtml(by)}</figcaption>` : ''
  }</${tag}>`
}

/** A fact box: its title as plain text ('' for none) and its body as HTML. */
export function factBoxHtml(title: string, body: string): string {
  const { tag, name } = BODY_BLOCKS.factBox
  const heading = title.trim()
  const content = body.trim()
  // A box holds paragraphs and lists: loose text and inline markup become a paragraph.
  const blocks = /^<(?:p|ul|ol)[\s>]/i.test(content) ? content : `<p>${content}</p>`
  return `<${tag} data-block="${name}">${heading ? `<h3>${escapeHtml(heading)}</h3>` : ''}${blocks}</${tag}>`
}
