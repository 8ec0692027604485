import { getEnv } from '~/infra/env.server'
import { isSignedFor, signFor } from '~/infra/signature.server'

/**
 * Signed tokens of the site's own click redirect (/n/c/:token) and open image (/n/o/:token),
 * issue 36. No third party: a story link goes through this site and on to the story.
 *
 * A click token names the issue, the subscriber (0: unknown) and the link itself, signed with
 * the site's secret (HMAC-SHA-256, cut to 128 bits), so nobody can make the site redirect
 * anywhere it did not sign, and the route also checks that the link was in the issue.
 *
 * The issue is rendered once (docs/decisions/0039): its story links are frozen as anonymous
 * tokens (issue and subscriber 0), which work as they are (the web copy, the archive: a plain
 * redirect, counted nowhere), and each reader's copy swaps them for the reader's own
 * (`personalizeClicks`), or back to the bare link when click counting is off.
 */

export const CLICK_PATH = '/n/c/'
export const OPEN_PATH = '/n/o/'

const sign = (purpose: string, payload: string) => signFor(`newsletter-${purpose}`, payload)

const verify = (purpose: string, payload: string, signature: string) =>
  isSignedFor(`newsletter-${purpose}`, payload, signature)

const id36 = (n: number) => n.toString(36)

function readId(value: string) {
  const n = parseInt(value, 36)
  return Number.isSafeInteger(n) && n >= 0 ? n : null
}

function isHttpUrl(url: string) {
  try {
    const { protocol } = new URL(url)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

export interface ClickClaim {
  /** 0: a link of the generic copy (web version, archive), counted nowhere. */
  issueId: number
  /** 0: unknown reader (counted as a click, not a unique one). */
  subscriberId: number
  url: string
  /** The link's own segment, as it stands in the frozen issue. */
  encodedUrl: string
}

export function clickToken(claim: { issueId: number; subscriberId: number; url: string }) {
  const payload = `${id36(claim.issueId)}.${id36(claim.subscriberId)}.${Buffer.from(claim.url).toString('base64url')}`
  return `${payload}.${sign('click', payload)}`
}

/** The claim of a correctly signed token for an http(s) link; null otherwise. */
export function readClickToken(token: string): ClickClaim | null {
  const match =
    /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{22})$/.exec(token)
  if (!match) return null
  if (!verify('click', `${match[1]}.${match[2]}.${match[3]}`, match[4])) return null
  const issueId = readId(match[1])
  const subscriberId = readId(match[2])
  const url = Buffer.from(match[3], 'base64url').toString('utf8')
  if (issueId === null || subscriberId === null || !isHttpUrl(url)) return null
  return { issueId, subscriberId, url, encodedUrl: match[3] }
}

/** A story's link as the frozen issue holds it (the mail markup's `storyHref`). */
export function countedStoryHref(url: string) {
  if (!isHttpUrl(url)) return url
  return `${getEnv().siteUrl}${CLICK_PATH}${clickToken({ issueId: 0, subscriberId: 0, url })}`
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

let frozenLink: { site: string; pattern: RegExp } | undefined

/** An absolute frozen link: the site, the click path, issue and reader 0, the link, the signature. */
function frozenLinkPattern() {
  const site = getEnv().siteUrl
  if (frozenLink?.site !== site) {
    frozenLink = {
      site,
      pattern: new RegExp(
        `${escapeRegExp(site + CLICK_PATH)}0\\.0\\.([A-Za-z0-9_-]{1,4000})\\.([A-Za-z0-9_-]{22})`,
        'g',
      ),
    }
  }
  return frozenLink.pattern
}

/**
 * One reader's copy of the frozen links: their own token (`reader` given), or the bare link
 * (`null`: click counting off, a test message). A link the site did not sign is left as it is.
 */
export function personalizeClicks(
  content: string,
  reader: { issueId: number; subscriberId: number } | null,
) {
  if (!content.includes(CLICK_PATH)) return content
  const site = getEnv().siteUrl
  return content.replace(frozenLinkPattern(), (whole, encoded: string, signature: string) => {
    if (!verify('click', `0.0.${encoded}`, signature)) return whole
    const url = Buffer.from(encoded, 'base64url').toString('utf8')
    if (!isHttpUrl(url)) return whole
    if (reader) return `${site}${CLICK_PATH}${clickToken({ ...reader, url })}`
    // The bare link goes into an href as well as the text: no character that ends an attribute.
    return url.replace(/["'<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  })
}

export function openToken(claim: { issueId: number; subscriberId: number }) {
  const payload = `${id36(claim.issueId)}.${id36(claim.subscriberId)}`
  return `${payload}.${sign('open', payload)}`
}

export function readOpenToken(token: string): { issueId: number; subscriberId: number } | null {
  const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token)
  if (!match || !verify('open', `${match[1]}.${match[2]}`, match[3])) return null
  const issueId = readId(match[1])
  const subscriberId = readId(match[2])
  return issueId && subscriberId !== null ? { issueId, subscriberId } : null
}

/** The 1×1 image of one reader's copy, put last in the body (opens on only). */
export function withOpenImage(html: string, claim: { issueId: number; subscriberId: number }) {
  const img = `<img src="${getEnv().siteUrl}${OPEN_PATH}${openToken(claim)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" />`
  const at = html.lastIndexOf('</body>')
  return at < 0 ? html + img : html.slice(0, at) + img + html.slice(at)
}
