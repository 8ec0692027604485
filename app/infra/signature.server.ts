import crypto from 'node:crypto'
import { getEnv } from './env.server'

/**
 * The site's signatures on the tokens it hands out and reads back (newsletter unsubscribe and
 * tracking links, gift links, the anonymous meter's cookie): HMAC-SHA-256 with the site's
 * secret, cut to 128 bits (22 base64url characters), over `{purpose}:{payload}`, so that a
 * token made for one purpose is never good for another. Nothing in the payloads is secret; the
 * signature stops anyone from making or changing one.
 */

export const SIGNATURE_PATTERN = '[A-Za-z0-9_-]{22}'

function secret() {
  const key = getEnv().BETTER_AUTH_SECRET
  if (!key) throw new Error('BETTER_AUTH_SECRET is not set (ensureAuthSecret runs at start-up)')
  return key
}

/** The signature of `payload` for `purpose`. */
export function signFor(purpose: string, payload: string): string {
  return crypto
    .createHmac('sha256', secret())
    .update(`${purpose}:${payload}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url')
}

/** Whether `given` is the signature of `payload` for `purpose` (compared in constant time). */
export function isSignedFor(purpose: string, payload: string, given: string): boolean {
  const expected = Buffer.from(signFor(purpose, payload))
  const actual = Buffer.from(given)
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual)
}
