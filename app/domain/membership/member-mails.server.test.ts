import { describe, expect, it } from 'vitest'
import { entitlements, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { readOutbox } from '~/infra/mail.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { memberMailsJob, queueEndingNotices } from './member-mails.server'

const NOW = new Date('2026-04-10T09:00:00Z')
const DAY = 86_400_000

async function membership(values: Partial<typeof entitlements.$inferInsert>) {
  const reader = await createTestUser({ role: 'viewer' })
  const [plan] = await getDb()
    .insert(plans)
    .values({ slug: `p-${reader.id.slice(0, 8)}`, name: 'Digital', monthlyPriceCents: 900 })
    .returning()
  await getDb()
    .insert(entitlements)
    .values({ userId: reader.id, planId: plan!.id, source: 'complimentary', ...values })
  return reader
}

describe('the "access ending" mail', () => {
  it('goes once to a membership that ends within three days and will not renew', async () => {
    const ending = await membership({ endsAt: new Date(NOW.getTime() + 2 * DAY) })
    const cancelled = await membership({
      source: 'stripe',
      cancelAtPeriodEnd: true,
      endsAt: new Date(NOW.getTime() + DAY),
    })
    // Renews by itself, ends later, or has ended: no mail.
    const renewing = await membership({ source: 'stripe', endsAt: new Date(NOW.getTime() + DAY) })
    const later = await membership({ endsAt: new Date(NOW.getTime() + 10 * DAY) })
    const over = await membership({ endsAt: new Date(NOW.getTime() - DAY), status: 'lapsed' })

    expect(await queueEndingNotices(NOW)).toBe(2)
    // The next day's look finds them told already.
    expect(await queueEndingNotices(new Date(NOW.getTime() + DAY / 2))).toBe(0)
    expect(await drainQueue(memberMailsJob)).toBe(2)

    const outbox = await readOutbox()
    const to = (reader: { email: string }) => outbox.filter((m) => m.to.includes(reader.email))
    expect(to(ending).map((m) => m.subject)).toEqual([expect.stringMatching(/ends in 3 days$/)])
    expect(to(ending)[0]!.text).toContain('/subscribe')
    expect(to(cancelled)).toHaveLength(1)
    for (const quiet of [renewing, later, over]) expect(to(quiet)).toHaveLength(0)
  })
})
