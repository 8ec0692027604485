/**
 * An ILIKE pattern matching `text` anywhere, with the wildcards `%` and `_` (and the escape
 * character itself) taken literally: a search for "50%" finds "50%", not "500".
 */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}
