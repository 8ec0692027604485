import { desc } from 'drizzle-orm'
import { newsletterSubscribers, newsletterSuppressions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

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
