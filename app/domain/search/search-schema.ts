// docs/product.md §5: search runs only when the trimmed query is non-empty; it is lower-cased before
// sending. Shared by the dialog (client) and the resource route (server) so both agree.

/** Longer queries are refused: nobody types 200 characters into a search box. */
export const SEARCH_QUERY_MAX_LENGTH = 200

/** Results the dialog shows while typing; the full page paginates. */
export const SEARCH_DIALOG_LIMIT = 8
export const SEARCH_PAGE_SIZE = 10

/**
 * Search ranks the newest this many matches and counts no further: more read "200+ results"
 * (on a site with 100,000 articles a common word matches half of them; ranking them all took
 * a second).
 */
export const SEARCH_MAX_RESULTS = 200

/** Trimmed, lower-cased, inner whitespace collapsed: "  Transit  Levy " → "transit levy". */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * The word being typed, for prefix matching: the last word when it is plain letters and
 * digits, else null — a negated (-word) or quoted ("a phrase") last word is search syntax,
 * not a word in progress.
 */
export function lastSearchWord(query: string): string | null {
  const words = query.split(' ')
  const last = words[words.length - 1] ?? ''
  return /^[\p{L}\p{N}]+$/u.test(last) ? last : null
}

export interface SearchResult {
  id: number
  slug: string
  title: string
  excerpt: string
  categoryName: string | null
  /** docs/product.md §3 author_username: the account's username (its author page's address). */
  authorUsername: string | null
  /** The bylines' names joined ("Ana and Ben"): display names, else "Staff"; null without an author. */
  authorName: string | null
  /**
   * When it was published (ISO), and the same as words from the server: "March 5, 2026", the
   * day in the paper's time zone.
   */
  publishedIso: string | null
  publishedLabel: string
  /** Its live coverage is running: the LIVE badge. */
  isLive: boolean
  /** A members story (not free for now): the "Members" label. */
  isMembers: boolean
  /**
   * Why it matched: a passage of the excerpt or body with the query's words marked
   * (`match: true`), as plain text pieces the page draws itself (never HTML). Empty when the
   * words are only in the title.
   */
  snippet: SnippetPiece[]
}

export interface SnippetPiece {
  text: string
  match: boolean
}

export interface SearchResponse {
  query: string
  results: SearchResult[]
  /** Matches counted, at most SEARCH_MAX_RESULTS; `more`: there are older ones beyond. */
  total: number
  more: boolean
}
