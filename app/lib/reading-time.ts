// docs/product.md §9: reading time is words divided by 200, rounded up. The words are counted once, by
// the database (`articles.word_count`, defined in db/schema/word-count.ts).
const WORDS_PER_MINUTE = 200

/** Minutes to read a body of `words` words (the stored word_count), at least 1. */
export function readingTimeFromWordCount(words: number): number {
  return Math.max(1, Math.ceil((Number.isFinite(words) ? words : 0) / WORDS_PER_MINUTE))
}
