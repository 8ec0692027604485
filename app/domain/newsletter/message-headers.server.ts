import { getEnv } from '~/infra/env.server'
import { preferencesUrl } from './preferences.server'
import { unsubscribeUrl } from './unsubscribe-token.server'

// What each message of a list carries besides its mail: its identity and the reader's links.

/** `<random.issue@host>`: unique, and stored with the delivery before the first attempt. */
export function messageIdDomain() {
  return new URL(getEnv().siteUrl).hostname || 'localhost'
}

export function listIdHeader(list: { name: string; slug: string }) {
  // RFC 2919: a phrase and a dotted identifier under a domain we own.
  const name = list.name.replace(/["\\\r\n]/g, '')
  return `"${name}" <${list.slug}.list-id.${messageIdDomain()}>`
}

/** The links of one reader's copy. */
export function readerLinks(
  subscriber: { id: number; preferencesToken: string | null },
  listId: number,
) {
  return {
    unsubscribeUrl: unsubscribeUrl(subscriber, listId),
    preferencesUrl: preferencesUrl(subscriber),
  }
}
