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

/** Pages of the sign-in flow itself: coming back to one after signing in makes no sense. */
const AUTH_PAGES = [
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/magic-link',
  '/two-factor',
  '/verify-otp',
]

/**
 * The sign-in page that brings the reader back to `from` (the page they were reading) once
 * they are in: "/signin?redirectTo=%2Farticle%2Fx". Home and the sign-in pages need no return.
 */
export function signInPathFrom(from: string): string {
  const target = safeRedirect(from)
  const path = target.split(/[?#]/, 1)[0]
  if (target === '/' || AUTH_PAGES.includes(path)) return '/signin'
  return `/signin?redirectTo=${encodeURIComponent(target)}`
}
