// Spec §9: reading time is words divided by 200, rounded up.
const WORDS_PER_MINUTE = 200

// Block boundaries separate words ("<p>end</p><p>start</p>" is two words), while inline tags
// may sit inside a word ("<strong>re</strong>write" is one), so only block tags become spaces.
const BLOCK_TAG =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|figure|figcaption|img|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi
const NON_TEXT_ELEMENT = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
const ANY_TAG = /<\/?[a-z][^>]*>|<!--[\s\S]*?-->/gi

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeBasicEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity
  })
}

/** Whitespace-separated words in HTML or plain text, ignoring markup. */
export function countWords(htmlOrText: string): number {
  const text = decodeBasicEntities(
    htmlOrText.replace(NON_TEXT_ELEMENT, ' ').replace(BLOCK_TAG, ' ').replace(ANY_TAG, ''),
  )
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/** Minutes to read, never less than 1 so a card never says "0 min read". */
export function readingTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(countWords(html) / WORDS_PER_MINUTE))
}

/** Minutes to read a body of `words` words (the stored word_count), at least 1. */
export function readingTimeFromWordCount(words: number): number {
  return Math.max(1, Math.ceil((Number.isFinite(words) ? words : 0) / WORDS_PER_MINUTE))
}
