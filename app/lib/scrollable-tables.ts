// A table on the reader's page sits in a box that scrolls sideways (issue 40): a wide table
// on a phone scrolls by itself and the page keeps its width. The box is a focusable region,
// so a keyboard can scroll it, named by the table's caption for screen readers.
//
// Works on sanitised HTML only (sanitize.server.ts): there a table carries no attribute, so
// every table opens as "<table>", and text is escaped, so a caption's text holds no quote.

const TABLE_START = /<table>(<caption>([\s\S]*?)<\/caption>)?/g

/** The caption's words for aria-label: its markup dropped, spaces collapsed. */
function labelOf(captionHtml: string | undefined): string {
  const text = (captionHtml ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text === '' ? 'Table' : text
}

/** Every table of a sanitised body in its scrolling region. */
export function scrollableTables(html: string): string {
  if (!html.includes('<table>')) return html
  return html
    .replace(
      TABLE_START,
      (start: string, _caption: string | undefined, captionHtml: string | undefined) =>
        `<div class="table-scroll" role="region" tabindex="0" aria-label="${labelOf(captionHtml)}">${start}`,
    )
    .replaceAll('</table>', '</table></div>')
}
