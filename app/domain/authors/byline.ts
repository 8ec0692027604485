// The author as readers see them (docs/style.md: a minimal read model, never the user row): a
// name, and the page that lists their work. Client-safe; the server fills it from
// `bylineColumns` (authors-queries.server.ts), the one definition of the name.

/** docs/product.md §2 Article page: the byline of an article without an author. */
export const ANONYMOUS = 'Anonymous'

export interface BylineAuthor {
  /** The display name set in the profile, else the username. */
  name: string
  username: string | null
  /** The author page (`/author/{username}`); null when the account has no username. */
  path: string | null
}

export function authorPath(username: string): string {
  return `/author/${encodeURIComponent(username)}`
}

export function authorFeedPath(username: string): string {
  return `${authorPath(username)}/rss.xml`
}

/** The byline of a row that joined `bylineColumns`; null for an article without an author. */
export function toBylineAuthor(row: {
  authorName: string | null
  authorUsername: string | null
}): BylineAuthor | null {
  if (!row.authorName) return null
  return {
    name: row.authorName,
    username: row.authorUsername,
    path: row.authorUsername ? authorPath(row.authorUsername) : null,
  }
}

/** "Maya Okafor" → "MO", "desk" → "D": what an avatar shows without a picture. */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s._-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words
  return letters
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase()
}
