/**
 * Usernames name authors in addresses (`/author/{username}`), so two names that read alike
 * must be one name. They are compared by one key, made here and nowhere else: Unicode NFKC
 * (full-width and compatibility letters become plain ones), then a case fold. The key is
 * stored beside the name (`profiles.username_key`, unique) and SQL compares only that column,
 * so JavaScript's and PostgreSQL's ideas of lower case (they differ on the Greek final sigma,
 * and PostgreSQL's depends on the database's locale) never meet.
 *
 * The fold is JavaScript's lower case with final sigma folded like any sigma, as Unicode's
 * case folding does ("ΟΔΟΣ", "οδος" and "οδοσ" are one name); the result is NFKC again, which
 * lower-casing can undo.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase().replace(/ς/g, 'σ').normalize('NFKC')
}

/**
 * Names nobody may take, compared by key: words of the site's own addresses and roles (an
 * author page or a byline reading "admin" or "signin" would pass for the site speaking), and
 * anything ending in `.data`, which React Router reads as the data request of the address
 * without it.
 */
const RESERVED = new Set([
  'about',
  'admin',
  'administrator',
  'anonymous',
  'api',
  'article',
  'articles',
  'assets',
  'author',
  'authors',
  'broadsheet',
  'category',
  'categories',
  'contact',
  'contributor',
  'corrections',
  'editor',
  'editors',
  'feed',
  'forgot-password',
  'healthz',
  'help',
  'magic-link',
  'media',
  'news-sitemap.xml',
  'newsletter',
  'newspapers',
  'null',
  'privacy',
  'profile',
  'reset-password',
  'robots.txt',
  'root',
  'rss.xml',
  'search',
  'security',
  'signin',
  'signout',
  'signup',
  'sitemap.xml',
  'staff',
  'support',
  'system',
  'tag',
  'tags',
  'terms',
  'two-factor',
  'undefined',
  'unknown',
  'verify-otp',
  'viewer',
  'webmaster',
  '__manifest',
])

export const USERNAME_RESERVED = 'This username is reserved. Please choose another.'

export function isReservedUsername(username: string): boolean {
  const key = usernameKey(username)
  return RESERVED.has(key) || key.endsWith('.data')
}
