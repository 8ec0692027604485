import { and, eq } from 'drizzle-orm'
import { newsletterLists, newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { ensurePreferencesToken, PREFERENCES_PATH } from './preferences.server'
import { NewsletterSendError } from './send-error'
import { readUnsubscribeToken } from './unsubscribe-token.server'

// One-click unsubscribe (RFC 8058): the page every List-Unsubscribe header points to.

export interface UnsubscribeResult {
  email: string | null
  listName: string | null
  /** The subscriber's preferences page (`/newsletter/preferences?t=…`), as the mails link it. */
  preferencesPath: string | null
}

/**
 * Takes the token's subscriber off the token's list, at once. Repeating it changes nothing and
 * succeeds again; a subscriber or list deleted since is a success too (they receive nothing).
 */
export async function unsubscribeOneClick(token: string): Promise<UnsubscribeResult> {
  const claim = readUnsubscribeToken(token)
  if (!claim) {
    throw new NewsletterSendError('INVALID_TOKEN', 'This unsubscribe link is not valid')
  }
  await getDb()
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.subscriberId, claim.subscriberId),
        eq(newsletterSubscriptions.listId, claim.listId),
      ),
    )
  return describeUnsubscribe(token)
}

/** Whose link it is, for the GET page (nothing changes). */
export async function describeUnsubscribe(token: string): Promise<UnsubscribeResult> {
  const claim = readUnsubscribeToken(token)
  if (!claim) {
    throw new NewsletterSendError('INVALID_TOKEN', 'This unsubscribe link is not valid')
  }
  const db = getDb()
  const [subscriber] = await db
    .select({
      email: newsletterSubscribers.email,
      preferencesToken: newsletterSubscribers.preferencesToken,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, claim.subscriberId))
  const [list] = await db
    .select({ name: newsletterLists.name })
    .from(newsletterLists)
    .where(eq(newsletterLists.id, claim.listId))
  // The page offers the reader's other lists; a subscriber from before the preferences key
  // gets one, as at their next mail (a key grants no subscription, so a scanner's GET is safe).
  const preferencesToken = subscriber
    ? (subscriber.preferencesToken ?? (await ensurePreferencesToken(claim.subscriberId)))
    : null
  return {
    email: subscriber?.email ?? null,
    listName: list?.name ?? null,
    preferencesPath: preferencesToken
      ? `${PREFERENCES_PATH}?t=${encodeURIComponent(preferencesToken)}`
      : null,
  }
}
