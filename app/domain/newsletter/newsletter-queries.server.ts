import { asc, desc } from 'drizzle-orm'
import { newsletterLists, newsletterSubscribers, newsletterSuppressions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'
import { listSchedule } from './lists-schema'
import type { SignUpListView } from './newsletter-schema'

/**
 * The cache key of what the sign-up forms show of the lists: announced by every write of a
 * list (lists.server.ts), so each cached page with the footer is dropped and drawn again.
 */
export const NEWSLETTER_LISTS_KEY = 'newsletter-lists'

/**
 * The lists the sign-up forms offer (footer, /newsletter), by name. The footer is on every
 * cached public page, so this is read once and kept in memory until a list changes (its key
 * announced), never queried per request.
 */
export const signUpLists: () => Promise<SignUpListView[]> = memoized(
  'newsletter-sign-up-lists',
  async () => {
    const rows = await getDb()
      .select({
        id: newsletterLists.id,
        name: newsletterLists.name,
        description: newsletterLists.description,
        kind: newsletterLists.kind,
        cadence: newsletterLists.cadence,
        sendTime: newsletterLists.sendTime,
        weekday: newsletterLists.weekday,
        isDefault: newsletterLists.isDefault,
      })
      .from(newsletterLists)
      .orderBy(asc(newsletterLists.name), asc(newsletterLists.id))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      schedule: listSchedule(row),
      isDefault: row.isDefault,
    }))
  },
  { ttlMs: 10 * 60_000, shows: () => [NEWSLETTER_LISTS_KEY] },
)

export interface NewsletterSubscriber {
  id: number
  email: string
  confirmedAt: Date | null
  consentedAt: Date | null
  source: string
  pausedAt: Date | null
  createdAt: Date
}

/** Every subscriber, newest first (the back office lists and exports them). */
export async function listNewsletterSubscribers(): Promise<NewsletterSubscriber[]> {
  return getDb()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      consentedAt: newsletterSubscribers.consentedAt,
      source: newsletterSubscribers.source,
      pausedAt: newsletterSubscribers.pausedAt,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
}

export type Suppression = typeof newsletterSuppressions.$inferSelect

/** The addresses no send reaches, newest first. */
export async function listSuppressions(): Promise<Suppression[]> {
  return getDb()
    .select()
    .from(newsletterSuppressions)
    .orderBy(desc(newsletterSuppressions.createdAt), desc(newsletterSuppressions.email))
}
