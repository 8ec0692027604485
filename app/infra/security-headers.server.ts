import crypto from 'node:crypto'

export function sha256Source(content: string) {
  return `'sha256-${crypto.createHash('sha256').update(content, 'utf8').digest('base64')}'`
}

/*
 * A page's scripts repeat from one render to the next (the boot module, the loader data of
 * an unchanged page): their hashes are kept, a bounded number.
 */
const HASHES_KEPT = 500
const knownHashes = new Map<string, string>()

function scriptHash(script: string) {
  let hash = knownHashes.get(script)
  if (hash === undefined) {
    if (knownHashes.size >= HASHES_KEPT) knownHashes.clear()
    knownHashes.set(script, (hash = sha256Source(script)))
  }
  return hash
}

/**
 * Hashes of every inline `<script>` of a rendered page, for its Content-Security-Policy. The
 * page is React's output (lower-case tags, `>` escaped inside attributes), scanned with
 * indexOf rather than a regular expression over its 70 KB; a script this does not see (say
 * `<SCRIPT>`) gets no hash and is refused by the browser, which is the safe side.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  let at = html.indexOf('<script')
  while (at !== -1) {
    const open = html.indexOf('>', at)
    const close = open === -1 ? -1 : html.indexOf('</script>', open)
    if (close === -1) break
    const attributes = html.slice(at + '<script'.length, open)
    if (attributes !== '' && !/^\s/.test(attributes)) {
      at = html.indexOf('<script', at + 1) // another element, say <scripts>
      continue
    }
    if (!/\bsrc=/.test(attributes) && close > open + 1)
      hashes.add(scriptHash(html.slice(open + 1, close)))
    at = html.indexOf('<script', close + '</script>'.length)
  }
  return [...hashes]
}

/**
 * The site's policy. Inline scripts are allowed by hash, never by nonce: a public page is
 * cached whole with its headers, and a hash stays true for the cached copy.
 */
export function contentSecurityPolicy(
  options: { scriptHashes?: string[]; extraOrigins?: string[] } = {},
) {
  const extra = options.extraOrigins ?? []
  return [
    "default-src 'self'",
    `script-src 'self' ${(options.scriptHashes ?? []).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...extra].join(' '),
    ["media-src 'self' https:", ...extra].join(' '),
    ["font-src 'self' data:", ...extra].join(' '),
    "connect-src 'self'",
    // The print-edition reader runs pdf.js in a module worker loaded from our own /assets
    // (never a blob: or another origin). 'self' is what script-src would already allow; said
    // here so a worker from anywhere else stays refused even if script-src grows.
    "worker-src 'self'",
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** Headers for every response, pages or not. */
export function baseSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    ...(options.https
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  }
}
