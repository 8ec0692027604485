import { beforeAll, describe, expect, it } from 'vitest'
import { plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { grantComplimentary, recordEntitlement } from './entitlements.server'
import { memberFigures, monthsUntil } from './member-figures.server'

// A fixed clock: 10 March 2026 in New York; figures never depend on today's date.
const NOW = new Date('2026-03-10T15:00:00Z')
const ZONE = 'America/New_York'
const admin = { id: '', role: 'admin' as const }

const values = (figures: { value: number }[]) => figures.map((f) => f.value)

describe('monthsUntil', () => {
  it('cuts months at midnight in the site’s zone', () => {
    const months = monthsUntil(new Date('2026-03-01T03:00:00Z'), ZONE, 2)
    // 1 March 03:00 UTC is still 28 February in New York.
    expect(months.map((m) => m.month)).toEqual(['2026-01', '2026-02'])
    expect(months[1].start).toEqual(new Date('2026-02-01T05:00:00Z'))
    expect(months[1].end).toEqual(new Date('2026-03-01T05:00:00Z'))
  })
})

describe('memberFigures', () => {
  let monthly: number
  let yearly: number

  beforeAll(async () => {
    admin.id = (await createTestUser({ role: 'admin' })).id
    const rows = await getDb()
      .insert(plans)
      .values([
        { slug: 'digital', name: 'Digital', monthlyPriceCents: 1000, yearlyPriceCents: 9600 },
        { slug: 'all', name: 'All access', monthlyPriceCents: 2000, yearlyPriceCents: 24000 },
      ])
      .returning({ id: plans.id })
    ;[monthly, yearly] = rows.map((row) => row.id)
    const sub = async (
      n: number,
      fields: Partial<Parameters<typeof recordEntitlement>[0]>,
      at: string,
    ) => {
      const reader = await createTestUser()
      const input = {
        userId: reader.id,
        planId: monthly,
        stripeCustomerId: `cus_${n}`,
        stripeSubscriptionId: `sub_${n}`,
        status: 'active' as const,
        currentPeriodEnd: new Date('2026-04-20T00:00:00Z'),
        cancelAtPeriodEnd: false,
        billingInterval: 'month' as const,
        startedAt: new Date(at),
        ...fields,
      }
      await recordEntitlement(input, new Date(at))
      return input
    }
    // Paying since December: monthly 10.00.
    await sub(1, {}, '2025-12-05T12:00:00Z')
    // Yearly on All access since January: 240.00 / 12 = 20.00 a month.
    await sub(2, { planId: yearly, billingInterval: 'year' }, '2026-01-15T12:00:00Z')
    // A trial begun in February that became paid on 3 March (New York).
    const trial = await sub(
      3,
      { status: 'trialing', currentPeriodEnd: new Date('2026-03-03T12:00:00Z') },
      '2026-02-17T12:00:00Z',
    )
    await recordEntitlement(
      { ...trial, status: 'active', currentPeriodEnd: new Date('2026-04-03T12:00:00Z') },
      new Date('2026-03-03T12:00:00Z'),
    )
    // A trial now: counted as a member, paying nothing yet.
    await sub(
      4,
      { status: 'trialing', currentPeriodEnd: new Date('2026-03-20T00:00:00Z') },
      '2026-03-06T12:00:00Z',
    )
    // Cancelled in February at the period's end, ended on 1 March 12:00 UTC.
    const leaving = await sub(5, {}, '2026-01-02T12:00:00Z')
    await recordEntitlement(
      { ...leaving, cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2026-03-01T12:00:00Z') },
      new Date('2026-02-10T12:00:00Z'),
    )
    await recordEntitlement(
      { ...leaving, status: 'lapsed', currentPeriodEnd: new Date('2026-03-01T12:00:00Z') },
      new Date('2026-03-01T12:00:00Z'),
    )
    // Complimentary access brings no money and is no paying member.
    await grantComplimentary(
      { userId: (await createTestUser()).id, planId: yearly, until: '2026-12-31', note: null },
      admin,
      new Date('2026-03-02T12:00:00Z'),
    )
  })

  it('counts paying members, revenue, new, cancelled and conversions by month', async () => {
    const figures = await memberFigures(NOW, ZONE)
    expect(figures.months).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ])
    // At the end of each month; March is now.
    expect(values(figures.payingMembers)).toEqual([0, 0, 1, 3, 4, 4])
    // December 10.00; January 10 + 20 + 10; February the same and a trial at 0; March: the
    // converted trial pays 10, the leaver is gone, the new trial pays nothing.
    expect(values(figures.mrrCents)).toEqual([0, 0, 1000, 4000, 4000, 4000])
    expect(values(figures.newMembers)).toEqual([0, 0, 1, 2, 1, 1])
    // The leaver counts once, in February when they cancelled.
    expect(values(figures.cancelled)).toEqual([0, 0, 0, 0, 1, 0])
    expect(values(figures.trialConversions)).toEqual([0, 0, 0, 0, 0, 1])
  })
})
