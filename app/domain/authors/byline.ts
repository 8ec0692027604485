// The author as readers see them (docs/style.md: a minimal read model, never the user row): a
// name, and the page that lists their work. Client-safe; the server fills it from
// `bylineColumns` (authors-queries.server.ts), the one definition of the name.

/** docs/product.md §2 Article page: the byline of an article without an author. */
export const ANONYMOUS = 'Anonymous'

/**
 * The byline of an account that has not given a name yet. Never its username: that comes from
 * a sign-in address ("admin" from admin@…), and a byline is a person's name or the newsroom's
 * (issue 42: a fresh site's lead story read "By admin"). `bylineColumns` writes it in SQL.
 */
export const STAFF_BYLINE = 'Staff'

/** The name a byline shows: the display name given in the profile, else "Staff". */
export function bylineName(displayName: string | null | undefined): string {
  return displayName?.trim() || STAFF_BYLINE
}

/**
 * Whether a byline names a person: "Staff" stands for the newsroom, so structured data
 * credits the organisation instead of a person called Staff.
 */
export function isPersonByline(name: string | null | undefined): name is string {
  return !!name && name !== STAFF_BYLINE
}

export interface BylineAuthor {
  /** The display name set in the profile, else "Staff" (never the username). */
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

/**
 * The byline of a row that joined `bylineColumns`; null for an article without an author.
 * "Staff" links nowhere: it names the newsroom, and the page behind it would sit under the
 * account's username.
 */
export function toBylineAuthor(row: {
  authorName: string | null
  authorUsername: string | null
}): BylineAuthor | null {
  if (!row.authorName) return null
  const username = isPersonByline(row.authorName) ? row.authorUsername : null
  return {
    name: row.authorName,
    username,
    path: username ? authorPath(username) : null,
  }
}

/** A byline as a row holds it: the reader's name (`bylineName`) and the account's username. */
export interface BylineRow {
  name: string
  username: string | null
}

/**
 * An article's bylines as readers see them, in order. Several accounts without a name read
 * "Staff" once: the newsroom is one byline, however many unnamed people wrote with it.
 */
export function toBylineAuthors(rows: readonly BylineRow[]): BylineAuthor[] {
  const seen = new Set<string>()
  const authors: BylineAuthor[] = []
  for (const row of rows) {
    const author = toBylineAuthor({ authorName: row.name, authorUsername: row.username })
    if (!author) continue
    const key = author.username ?? `name:${author.name}`
    if (author.name === STAFF_BYLINE ? seen.has(STAFF_BYLINE) : seen.has(key)) continue
    seen.add(author.name === STAFF_BYLINE ? STAFF_BYLINE : key)
    authors.push(author)
  }
  return authors
}

/** Names joined as English writes a byline: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** "By A and B", or "By Anonymous" for an article without an author (docs/product.md §2). */
export function bylineText(authors: readonly Pick<BylineAuthor, 'name'>[]): string {
  return `By ${authors.length > 0 ? joinNames(authors.map((author) => author.name)) : ANONYMOUS}`
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
