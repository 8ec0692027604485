// The excerpt is drawn above the body as the article's standfirst. A body whose first
// paragraph says the same thing (the demo content did, and so do stories pasted in with their
// standfirst on top) would print it twice: the repeated paragraph is left out of the page,
// never out of the stored article.

const FIRST_PARAGRAPH = /^\s*<p(?:\s[^>]*)?>([\s\S]*?)<\/p>\s*/i

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase()
      if (lower in ENTITIES) return ENTITIES[lower]
      if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16))
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)))
      return whole
    })
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

/** The body without a first paragraph that repeats the standfirst word for word. */
export function withoutRepeatedStandfirst(contentHtml: string, excerpt: string): string {
  const standfirst = plainText(excerpt)
  if (!standfirst) return contentHtml
  const match = FIRST_PARAGRAPH.exec(contentHtml)
  if (!match || plainText(match[1]) !== standfirst) return contentHtml
  return contentHtml.slice(match[0].length)
}
