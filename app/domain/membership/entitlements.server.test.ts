import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { entitlements, memberEvents, plans, siteSettings } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import {
  endEntitlement,
  endOfDay,
  grantComplimentary,
  importMembers,
  MemberError,
  recordEntitlement,
  type StripeEntitlementInput,
} from './entitlements.server'
import { endWording, MEMBER_IMPORT_MAX_ROWS, memberStatus } from './members-schema'
import { getMember, listMembers } from './members-queries.server'
import { activePlanIds } from './reader.server'

const NOW = new Date('2026-03-10T12:00:00Z')
const admin = { id: '', role: 'admin' as const }
let planId: number
let archivedId: number

async function eventsOf(userId: string) {
  return getDb()
    .select({ kind: memberEvents.kind, entitlementId: memberEvents.entitlementId })
    .from(memberEvents)
    .where(eq(memberEvents.userId, userId))
}

async function reject(promise: Promise<unknown>): Promise<MemberError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(MemberError)
  return error as MemberError
}

beforeAll(async () => {
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, timeZone: 'Europe/Paris' })
    .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'Europe/Paris' } })
  admin.id = (await createTestUser({ role: 'admin' })).id
  const rows = await getDb()
    .insert(plans)
    .values([
      { slug: 'digital', name: 'Digital', monthlyPriceCents: 900, yearlyPriceCents: 9000 },
      { slug: 'legacy', name: 'Legacy print', status: 'archived', monthlyPriceCents: 500 },
    ])
    .returning({ id: plans.id })
  ;[planId, archivedId] = rows.map((row) => row.id)
})

describe('endOfDay', () => {
  it('is midnight after the day in the site’s zone', () => {
    expect(endOfDay('2026-03-31', 'Europe/Paris')).toEqual(new Date('2026-03-31T22:00:00Z'))
    expect(endOfDay('2026-02-30', 'UTC')).toBeNull()
  })
})

describe('grantComplimentary and endEntitlement', () => {
  it('grants access to the end of the day, with its history row', async () => {
    const reader = await createTestUser()
    const { id } = await grantComplimentary(
      { userId: reader.id, planId, until: '2026-04-30', note: 'Press pass' },
      admin,
      NOW,
    )
    const [row] = await getDb().select().from(entitlements).where(eq(entitlements.id, id))
    expect(row).toMatchObject({
      source: 'complimentary',
      status: 'active',
      startsAt: NOW,
      endsAt: new Date('2026-04-30T22:00:00Z'),
      grantedBy: admin.id,
      note: 'Press pass',
    })
    expect(await activePlanIds(reader.id, NOW)).toEqual([planId])
    expect(await eventsOf(reader.id)).toEqual([{ kind: 'granted', entitlementId: id }])
  })

  it('refuses a day gone by, an archived plan, a reader who is not there, and non-admins', async () => {
    const reader = await createTestUser()
    const input = { userId: reader.id, planId, until: '2026-03-09', note: null }
    expect((await reject(grantComplimentary(input, admin, NOW))).field).toBe('until')
    expect(
      (
        await reject(
          grantComplimentary({ ...input, until: '2026-05-01', planId: archivedId }, admin, NOW),
        )
      ).code,
    ).toBe('PLAN_ARCHIVED')
    expect(
      (
        await reject(
          grantComplimentary({ ...input, until: '2026-05-01', userId: 'nobody' }, admin, NOW),
        )
      ).code,
    ).toBe('NOT_FOUND')
    expect(
      (
        await reject(
          grantComplimentary(
            { ...input, until: '2026-05-01' },
            { id: admin.id, role: 'editor' },
            NOW,
          ),
        )
      ).code,
    ).toBe('FORBIDDEN')
    expect(
      await getDb().select().from(entitlements).where(eq(entitlements.userId, reader.id)),
    ).toEqual([])
    expect(await eventsOf(reader.id)).toEqual([])
  })

  it('ends a membership now, once, and keeps why in the history', async () => {
    const reader = await createTestUser()
    const { id } = await grantComplimentary(
      { userId: reader.id, planId, until: '2026-12-31', note: null },
      admin,
      NOW,
    )
    const later = new Date('2026-03-11T08:00:00Z')
    await endEntitlement(id, admin, 'Left the paper', later)
    expect(await activePlanIds(reader.id, later)).toEqual([])
    const member = await getMember(reader.id, later)
    expect(member?.entitlements.map((e) => e.status)).toEqual(['lapsed'])
    expect(member?.events.map((e) => [e.kind, e.details.reason ?? null])).toEqual([
      ['ended', 'Left the paper'],
      ['granted', null],
    ])
    expect((await reject(endEntitlement(id, admin, null, later))).code).toBe('ALREADY_ENDED')
    expect((await reject(endEntitlement(999_999, admin, null, later))).code).toBe('NOT_FOUND')
  })
})

describe('memberStatus', () => {
  const base = { status: 'active', endsAt: null, cancelAtPeriodEnd: false }
  it('reads an ended one as lapsed, and one cancelled but running as cancelled', () => {
    expect(memberStatus(base, NOW)).toBe('active')
    expect(memberStatus({ ...base, status: 'trialing' }, NOW)).toBe('trialing')
    expect(memberStatus({ ...base, status: 'past_due' }, NOW)).toBe('past_due')
    expect(memberStatus({ ...base, cancelAtPeriodEnd: true, endsAt: '2026-04-01' }, NOW)).toBe(
      'cancelled',
    )
    expect(memberStatus({ ...base, status: 'cancelled' }, NOW)).toBe('cancelled')
    expect(memberStatus({ ...base, endsAt: NOW }, NOW)).toBe('lapsed')
    expect(memberStatus({ ...base, status: 'lapsed' }, NOW)).toBe('lapsed')
  })

  it('says a running Stripe subscription renews, or its trial ends, on its end date', () => {
    expect(endWording('stripe', 'active', 'Dec 8, 2026')).toBe('Renews Dec 8, 2026')
    expect(endWording('stripe', 'trialing', 'Dec 8, 2026')).toBe('Trial ends Dec 8, 2026')
    expect(endWording('stripe', 'cancelled', 'Dec 8, 2026')).toBe('Dec 8, 2026')
    expect(endWording('complimentary', 'active', 'Dec 8, 2026')).toBe('Dec 8, 2026')
  })
})

describe('recordEntitlement (Stripe)', () => {
  it('creates, converts, renews, cancels and ends one subscription, each in the history', async () => {
    const reader = await createTestUser()
    const input: StripeEntitlementInput = {
      userId: reader.id,
      planId,
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      status: 'trialing',
      currentPeriodEnd: new Date('2026-03-24T12:00:00Z'),
      cancelAtPeriodEnd: false,
      billingInterval: 'month',
    }
    const started = await recordEntitlement(input, NOW)
    expect(started.events).toEqual(['started'])
    // The same state again (a replay): nothing written.
    expect((await recordEntitlement(input, NOW)).events).toEqual([])
    const paid = {
      ...input,
      status: 'active' as const,
      currentPeriodEnd: new Date('2026-04-24T12:00:00Z'),
    }
    expect((await recordEntitlement(paid, new Date('2026-03-24T12:00:00Z'))).events).toEqual([
      'converted',
    ])
    const failed = {
      ...paid,
      status: 'past_due' as const,
      currentPeriodEnd: new Date('2026-05-24T12:00:00Z'),
    }
    expect((await recordEntitlement(failed, new Date('2026-04-24T12:00:00Z'))).events).toEqual([
      'payment_failed',
      'renewed',
    ])
    expect(await activePlanIds(reader.id, new Date('2026-04-25T00:00:00Z'))).toEqual([planId])
    const cancelling = { ...failed, status: 'active' as const, cancelAtPeriodEnd: true }
    expect((await recordEntitlement(cancelling, new Date('2026-04-26T12:00:00Z'))).events).toEqual([
      'payment_recovered',
      'cancelled',
    ])
    const member = await getMember(reader.id, new Date('2026-04-27T00:00:00Z'))
    expect(member?.entitlements[0]).toMatchObject({ source: 'stripe', status: 'cancelled' })
    const ended = { ...cancelling, status: 'lapsed' as const }
    const at = new Date('2026-05-24T12:00:00Z')
    expect((await recordEntitlement(ended, at)).events).toEqual(['ended'])
    expect(await activePlanIds(reader.id, at)).toEqual([])
    // A late 'active' about the ended subscription changes nothing.
    expect(await recordEntitlement(paid, new Date('2026-05-25T00:00:00Z'))).toMatchObject({
      events: [],
      ignored: true,
    })
    expect((await eventsOf(reader.id)).map((e) => e.kind)).toEqual([
      'started',
      'converted',
      'payment_failed',
      'renewed',
      'payment_recovered',
      'cancelled',
      'ended',
    ])
  })

  it('will not let an admin end a Stripe membership', async () => {
    const reader = await createTestUser()
    const { entitlementId } = await recordEntitlement(
      {
        userId: reader.id,
        planId,
        stripeCustomerId: 'cus_2',
        stripeSubscriptionId: 'sub_2',
        status: 'active',
        currentPeriodEnd: new Date('2026-04-10T00:00:00Z'),
        cancelAtPeriodEnd: false,
        billingInterval: 'year',
      },
      NOW,
    )
    expect((await reject(endEntitlement(entitlementId, admin, null, NOW))).code).toBe(
      'STRIPE_MANAGED',
    )
  })
})

describe('importMembers', () => {
  it('imports a good file: every row an entitlement with its history row', async () => {
    const one = await createTestUser({ email: 'one@example.com' })
    const two = await createTestUser({ email: 'two@example.com' })
    const csv =
      'Email,Plan,Until\r\n' +
      'ONE@example.com,digital,2026-06-30\r\n' +
      'two@example.com,Legacy print,2027-01-31\r\n'
    const report = await importMembers(csv, admin, NOW)
    expect(report).toEqual({
      ok: true,
      imported: 2,
      members: [
        { line: 2, email: 'one@example.com', plan: 'Digital' },
        { line: 3, email: 'two@example.com', plan: 'Legacy print' },
      ],
    })
    expect(await activePlanIds(one.id, NOW)).toEqual([planId])
    expect(await activePlanIds(two.id, NOW)).toEqual([archivedId])
    expect((await eventsOf(two.id)).map((e) => e.kind)).toEqual(['imported'])
    const { rows } = await listMembers(
      { q: 'example.com', planId: null, status: null, source: 'imported' },
      1,
      NOW,
    )
    expect(rows.map((row) => [row.email, row.plan, row.status])).toEqual(
      expect.arrayContaining([
        ['one@example.com', 'Digital', 'active'],
        ['two@example.com', 'Legacy print', 'active'],
      ]),
    )
    // The same file again: both already members, nothing written.
    expect(await importMembers(csv, admin, NOW)).toEqual({
      ok: false,
      errors: [
        { line: 2, reason: 'one@example.com is already a member of Digital' },
        { line: 3, reason: 'two@example.com is already a member of Legacy print' },
      ],
    })
  })

  it('reports every bad row with its line and writes nothing', async () => {
    const good = await createTestUser({ email: 'good@example.com' })
    const before = await getDb().select().from(entitlements)
    const eventsBefore = await getDb().select().from(memberEvents)
    const csv = [
      'email,plan,until',
      'good@example.com,digital,2026-06-30',
      'not-an-address,digital,2026-06-30',
      'good@example.com,gold,2026-06-30',
      'good@example.com,Digital,30/06/2026',
      'good@example.com,DIGITAL,2026-06-30',
      'good@example.com,legacy,2026-03-01',
      'nobody@example.com,digital,2026-06-30',
      '"multi',
      'line@example.com",digital,2026-06-30',
    ].join('\n')
    expect(await importMembers(csv, admin, NOW)).toEqual({
      ok: false,
      errors: [
        { line: 3, reason: '"not-an-address" is not an e-mail address' },
        { line: 4, reason: 'No plan named "gold"' },
        { line: 5, reason: '"30/06/2026" is not a date (YYYY-MM-DD)' },
        { line: 6, reason: 'The same member and plan as line 2' },
        { line: 7, reason: '2026-03-01 has already gone by' },
        { line: 8, reason: 'No account with the e-mail nobody@example.com' },
        { line: 10, reason: '"multi\nline@example.com" is not an e-mail address' },
      ],
    })
    expect(await getDb().select().from(entitlements)).toEqual(before)
    expect(await getDb().select().from(memberEvents)).toEqual(eventsBefore)
    expect(await activePlanIds(good.id, NOW)).toEqual([])
  })

  it('refuses a file too large, too long, without its columns, or not CSV', async () => {
    const big = 'email,plan,until\n' + 'x'.repeat(1024 * 1024)
    expect((await reject(importMembers(big, admin, NOW))).code).toBe('FILE_TOO_LARGE')
    const long =
      'email,plan,until\n' +
      Array.from(
        { length: MEMBER_IMPORT_MAX_ROWS + 1 },
        (_, i) => `m${i}@example.com,digital,2026-06-30`,
      ).join('\n')
    const tooLong = await reject(importMembers(long, admin, NOW))
    expect(tooLong.code).toBe('TOO_MANY_ROWS')
    expect(tooLong.message).toBe('The file has 5,001 members: at most 5,000 at a time')
    expect((await reject(importMembers('address,level\na@b.c,x', admin, NOW))).message).toBe(
      'The first row must name the columns "email", "plan" and "until"',
    )
    expect((await reject(importMembers('email,plan,until\n"open', admin, NOW))).code).toBe(
      'INVALID_CSV',
    )
    expect((await reject(importMembers('email,plan,until\n', admin, NOW))).message).toBe(
      'The file has no members in it',
    )
  })
})
