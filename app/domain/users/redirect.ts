/**
 * A redirect target from a form or query string, kept on this site: a path such as "/a?b",
 * never "//host", "/\\host", a scheme, or anything with control characters. Anything else
 * becomes the fallback (docs/product.md §5: redirect targets are same-site only).
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
    if (new URL(target, base).origin !== base) return fallback
  } catch {
    return fallback
  }
  return target
}
