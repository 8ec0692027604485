import { eq } from 'drizzle-orm'
import { newsletterSubscribers } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import type { NewsletterSubscriber } from './newsletter-queries.server'

export class SubscriberError extends domainErrors('SubscriberError', { NOT_FOUND: 404 }) {}

/** Removes a reader from the newsletter list (an admin acting on a request, say). */
export async function removeNewsletterSubscriber(id: number) {
  const [row] = await getDb()
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id })
  if (!row) throw new SubscriberError('NOT_FOUND', 'This subscriber no longer exists')
}

function csvField(value: string) {
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The export: email, confirmed (yes/no), confirmed at, subscribed at — ISO times, UTC. */
export function subscribersToCsv(rows: NewsletterSubscriber[]) {
  const lines = [['email', 'confirmed', 'confirmed_at', 'subscribed_at'].join(',')]
  for (const row of rows) {
    lines.push(
      [
        csvField(row.email),
        row.confirmedAt ? 'yes' : 'no',
        row.confirmedAt ? row.confirmedAt.toISOString() : '',
        row.createdAt.toISOString(),
      ].join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
