// docs/product.md §5: "allowed schemes http, https, ftp, ftps, mailto, tel, callto, sms, cid, xmpp, or
// relative; others are rejected". One list for the editor (what a link may be set to) and the
// sanitiser (what a saved body may keep).
export const LINK_SCHEMES: readonly string[] = Object.freeze([
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
])

const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/**
 * The scheme of `href`, lower-cased, or null for a relative link. Browsers ignore control
 * characters and spaces inside a scheme ("java\tscript:"), so they are removed first.
 */
export function linkScheme(href: string): string | null {
  return SCHEME.exec(href.replace(/[\p{Cc} ]+/gu, ''))?.[1]?.toLowerCase() ?? null
}

/** Relative, or with one of the allowed schemes. */
export function isAllowedLinkHref(href: string): boolean {
  const scheme = linkScheme(href)
  return scheme === null || LINK_SCHEMES.includes(scheme)
}
