import { getEnv } from '~/infra/env.server'
import { isSignedFor, signFor } from '~/infra/signature.server'

/**
 * The token of a List-Unsubscribe link: which subscriber leaves which list, signed with the
 * site's secret (HMAC-SHA-256, cut to 128 bits). Stateless on purpose: a send of 100,000
 * messages writes no token rows, and a link keeps working for as long as the secret does.
 * Nothing in it is secret; the signature stops anyone from unsubscribing somebody else.
 */
export interface UnsubscribeClaim {
  subscriberId: number
  listId: number
}

const PURPOSE = 'newsletter-unsubscribe'

export function unsubscribeToken({ subscriberId, listId }: UnsubscribeClaim) {
  const payload = `${subscriberId.toString(36)}.${listId.toString(36)}`
  return `${payload}.${signFor(PURPOSE, payload)}`
}

/** The claim of a well-formed, correctly signed token; null otherwise. */
export function readUnsubscribeToken(token: string): UnsubscribeClaim | null {
  const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})$/.exec(token)
  if (!match) return null
  if (!isSignedFor(PURPOSE, `${match[1]}.${match[2]}`, match[3])) return null
  const subscriberId = parseInt(match[1], 36)
  const listId = parseInt(match[2], 36)
  if (!Number.isSafeInteger(subscriberId) || !Number.isSafeInteger(listId)) return null
  return { subscriberId, listId }
}

export function unsubscribeUrl(subscriber: { id: number }, listId: number) {
  const token = unsubscribeToken({ subscriberId: subscriber.id, listId })
  return `${getEnv().siteUrl}/newsletter/unsubscribe?t=${token}`
}
