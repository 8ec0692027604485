import { desc } from 'drizzle-orm'
import { newsletterSubscribers } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

export interface NewsletterSubscriber {
  id: number
  email: string
  confirmedAt: Date | null
  createdAt: Date
}

/** Every subscriber, newest first (the back office lists and exports them). */
export async function listNewsletterSubscribers(): Promise<NewsletterSubscriber[]> {
  return getDb()
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      confirmedAt: newsletterSubscribers.confirmedAt,
      createdAt: newsletterSubscribers.createdAt,
    })
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
}
