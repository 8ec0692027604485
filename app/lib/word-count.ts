// The word count the article form shows as it is typed (words and reading time in the publish
// panel). The stored count is the database's (db/schema/word-count.ts, one SQL definition);
// this is the same rule in JavaScript, step for step, and
// app/domain/articles/word-count.server.test.ts checks the two agree on every case.

const BLOCK_TAG =
  /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|figure|figcaption|img|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi
const OTHER_TAG = /<\/?[a-z][^>]*>|<![^>]*>/gi
const NO_BREAK_SPACE = /&(nbsp|#0*160|#x0*a0);|\u00a0/gi

/** Words in a body of HTML, as `articles.word_count` will count them once it is saved. */
export function countWordsInHtml(html: string): number {
  const text = html
    .replace(BLOCK_TAG, ' ')
    .replace(OTHER_TAG, '')
    .replace(NO_BREAK_SPACE, ' ')
    // PostgreSQL's [[:space:]] (the SQL's class): ASCII white space only.
    .replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '')
  return text === '' ? 0 : text.split(/[ \t\n\r\f\v]+/).length
}
