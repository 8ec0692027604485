/**
 * A redirect target from a form or query string, kept on this site: a path such as "/a?b",
 * never "//host", "/\\host", a scheme, or anything with control characters. Anything else
 * becomes the fallback (docs/product.md §5: redirect targets are same-site only).
 *
 * The path is returned as the URL parser writes it, percent-encoded: a `Location` header holds
 * Latin-1 only, and "/café" or "/新聞" as such made the redirect throw (a 500, and a sign-in
 * whose session cookie was never sent).
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback
  if (!target.startsWith('/') || target.startsWith('//')) return fallback
  // Browsers treat "\" like "/" and drop tabs/newlines: "/\evil.com" would leave the site.
  if (
    target.includes('\\') ||
    [...target].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  ) {
    return fallback
  }
  try {
    const base = 'http://same.invalid'
    const url = new URL(target, base)
    if (url.origin !== base) return fallback
    const path = url.pathname + url.search + url.hash
    // Dot segments resolve away: "/.//evil.example" is written as "//evil.example".
    return path.startsWith('//') ? fallback : path
  } catch {
    return fallback
  }
}
