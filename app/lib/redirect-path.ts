/**
 * One spelling per address, so that a redirect stored from a CSV, an import or a slug change is
 * found whatever form the reader's request takes: the path only (scheme, host, query and
 * fragment dropped), dot segments resolved, repeated and trailing slashes removed, lower case
 * (our slugs are; WordPress and Ghost ignore case in theirs), and percent-encoding made
 * canonical (decoded, then every segment encoded the one way encodeURIComponent does).
 * Null when nothing usable is left.
 */
export function normaliseRedirectPath(input: string): string | null {
  const raw = input.trim()
  if (!raw || raw.length > MAX_PATH_LENGTH) return null
  let pathname: string
  try {
    // An absolute URL (a WXR <link>, a Ghost url) keeps its path; a bare path is resolved on a
    // placeholder origin, which also resolves "." and ".." segments.
    pathname = new URL(
      raw.startsWith('/') || !HAS_SCHEME.test(raw) ? `/${raw.replace(/^\/+/, '')}` : raw,
      'http://x',
    ).pathname
  } catch {
    return null
  }
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => encodeURIComponent(safeDecode(segment).toLowerCase()))
  return `/${segments.join('/')}`
}

/** A redirect's target: one of our paths (normalised like a source) or an absolute http(s) URL. */
export function normaliseRedirectTarget(input: string): string | null {
  const raw = input.trim()
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw)
      return url.href.length > MAX_PATH_LENGTH ? null : url.href
    } catch {
      return null
    }
  }
  if (!raw.startsWith('/')) return null
  return normaliseRedirectPath(raw)
}

export const MAX_PATH_LENGTH = 2000
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A stray "%" that starts no escape: kept as the text it is.
    return segment
  }
}
