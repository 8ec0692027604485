import { sql, type SQL } from 'drizzle-orm'

// The one definition of an article's word count (reading time, docs/product.md §9). It is SQL so the
// stored `articles.word_count` is right whoever writes the row (editor, seed, restore), and
// an unsaved body is counted by the same expression (`countWords` in domain/articles).
//
// On sanitised HTML: block elements separate words ("<p>end</p><p>start</p>" is two),
// inline markup does not ("<strong>re</strong>write" is one), a no-break space is a space,
// and a body with no text has no words.

// Only literals: a generated column's expression cannot take bound parameters.
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`)

const BLOCK_TAG =
  '</?(p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|figure|figcaption|img|table|tr|td|th|section|article|header|footer)\\M[^>]*>'
const OTHER_TAG = '</?[a-z][^>]*>|<![^>]*>'
const NO_BREAK_SPACE = '&(nbsp|#0*160|#x0*a0);|\\u00a0'
const EDGE_SPACE = '^[[:space:]]+|[[:space:]]+$'

function replaceAll(input: SQL, pattern: string, replacement: string, flags: string): SQL {
  return sql`regexp_replace(${input}, ${literal(pattern)}, ${literal(replacement)}, ${literal(flags)})`
}

/** Words in the HTML `html` evaluates to (a column or a bound value cast to text). */
export function wordCountOf(html: SQL): SQL<number> {
  const withoutBlocks = replaceAll(sql`coalesce(${html}, '')`, BLOCK_TAG, ' ', 'gi')
  const text = replaceAll(withoutBlocks, OTHER_TAG, '', 'gi')
  const spaced = replaceAll(text, NO_BREAK_SPACE, ' ', 'gi')
  const trimmed = replaceAll(spaced, EDGE_SPACE, '', 'g')
  return sql<number>`coalesce(array_length(regexp_split_to_array(nullif(${trimmed}, ''), '[[:space:]]+'), 1), 0)`
}
