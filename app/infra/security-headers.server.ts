import crypto from 'node:crypto'
import { EMBED_FRAME_ORIGINS } from '~/lib/embed-providers'
import { KeptValues } from '~/lib/kept-values'

/** A CSP source for a script: the SHA-256 of its UTF-8 bytes (text is encoded as UTF-8). */
export function sha256Source(content: string | Uint8Array) {
  return `'sha256-${crypto.createHash('sha256').update(content).digest('base64')}'`
}

const SCRIPT_OPEN = Buffer.from('<script')
const SCRIPT_CLOSE = Buffer.from('</script>')
const TAG_END = '>'.charCodeAt(0)

/**
 * Hashes of every inline `<script>` of a rendered page, for its Content-Security-Policy. A
 * CSP hash is over the script's UTF-8 bytes, so the page is read as the bytes it is sent as:
 * found with Buffer.indexOf and hashed where they lie, with no string made of its 70 KB (this
 * runs on every render). The page is React's output (lower-case tags, `>` escaped inside
 * attributes); a script this does not see (say `<SCRIPT>`) gets no hash and is refused by the
 * browser, which is the safe side.
 */
export function inlineScriptHashes(page: Buffer | string): string[] {
  const bytes = typeof page === 'string' ? Buffer.from(page) : page
  const hashes = new Set<string>()
  let at = bytes.indexOf(SCRIPT_OPEN)
  while (at !== -1) {
    const open = bytes.indexOf(TAG_END, at)
    const close = open === -1 ? -1 : bytes.indexOf(SCRIPT_CLOSE, open)
    if (close === -1) break
    const attributes = bytes.toString('latin1', at + SCRIPT_OPEN.length, open)
    if (attributes !== '' && !/^\s/.test(attributes)) {
      at = bytes.indexOf(SCRIPT_OPEN, at + 1) // another element, say <scripts>
      continue
    }
    if (!/\bsrc=/.test(attributes) && close > open + 1)
      hashes.add(scriptHash(bytes.subarray(open + 1, close)))
    at = bytes.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length)
  }
  return [...hashes]
}

/** Scripts at least this long have their hash kept (the boot module and its manifest). */
const KEPT_FROM_BYTES = 8192

/*
 * The boot module (its 25 KB route manifest) is the same on every render of a route, and
 * hashing it was about 1 % of an uncached render: its hash is kept, keyed by its bytes read as
 * latin1 (an exact key, made without decoding UTF-8). Shorter scripts (the theme's, a page's
 * data) are hashed as they come.
 */
const keptHashes = new KeptValues<string>(50)

function scriptHash(script: Buffer) {
  if (script.length < KEPT_FROM_BYTES) return sha256Source(script)
  return keptHashes.get(script.toString('latin1'), () => sha256Source(script))
}

/**
 * The site's policy. Inline scripts are allowed by hash, never by nonce: a public page is
 * cached whole with its headers, and a hash stays true for the cached copy.
 */
export function contentSecurityPolicy(
  options: {
    scriptHashes?: string[]
    extraOrigins?: string[]
    /** Where a form may lead besides the site (Stripe's Checkout and portal, by redirect). */
    formOrigins?: string[]
  } = {},
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
    // The embed providers' frames only (lib/embed-providers.ts), on every page: one policy for
    // a cached page and its fresh copy alike, and a frame still needs the reader's click.
    ["frame-src 'self'", ...EMBED_FRAME_ORIGINS].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(options.formOrigins ?? [])].join(' '),
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
