import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { articles, entitlements, meterReads, plans, siteSettings } from '@db/schema/index'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie } from '../../../tests/setup/auth-fixtures'
import { insertArticle, insertCategory } from '../../../tests/setup/content-fixtures'
import type { Reader } from './access-level'
import { articleAccessFor, type StoryGate } from './article-read.server'
import { meterCookieValue, readMeterCookieValue } from './meter-cookie.server'
import { consultMeter } from './meter.server'
import { meterWindow } from './meter'

/*
 * The meter (issue 38) on a fixed clock in a zone that is not UTC: Paris, UTC+1 in winter, so
 * its December begins at 2026-11-30T23:00Z. Anonymous reads in the signed cookie, signed-in
 * reads in meter_reads; re-reads free; a forged or tampered cookie reads as empty.
 */

const PARIS = 'Europe/Paris'
const LAST_MINUTE_OF_NOVEMBER = new Date('2026-11-30T22:59:00Z')
const FIRST_MINUTE_OF_DECEMBER = new Date('2026-11-30T23:00:00Z')

const settings = {
  meterPeriod: 'month',
  meterAnonymousLimit: 2,
  meterRegisteredLimit: 3,
  timeZone: PARIS,
}

let ids: number[] = []
let exemptCategory: number
let otherCategory: number
let planId: number

async function setMeter(fields: Partial<typeof siteSettings.$inferInsert>) {
  const values = { id: 1, timeZone: PARIS, ...fields }
  await getDb()
    .insert(siteSettings)
    .values(values)
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
  announceChanged([EVERYTHING])
}

function requestWith(cookie: string | null, path = '/article/x') {
  return new Request(`http://localhost:3000${path}`, cookie ? { headers: { cookie } } : {})
}

/** The `meter=…` pair of a Set-Cookie header, as the browser sends it back. */
function pairOf(setCookie: string | null) {
  return setCookie?.split(';')[0] ?? null
}

beforeAll(async () => {
  exemptCategory = (await insertCategory({ name: 'Public safety' })).id
  otherCategory = (await insertCategory({ name: 'Opinion' })).id
  const rows = []
  for (let i = 0; i < 5; i++) {
    rows.push(
      await insertArticle({
        slug: `members-${i}`,
        categoryId: i === 4 ? exemptCategory : otherCategory,
      }),
    )
  }
  ids = rows.map((row) => row.id)
  await getDb().update(articles).set({ access: 'members' })
  ;[{ id: planId }] = await getDb()
    .insert(plans)
    .values({ slug: 'digital', name: 'Digital', monthlyPriceCents: 900 })
    .returning({ id: plans.id })
})

beforeEach(async () => {
  await setMeter({
    meterMode: 'meter',
    meterPeriod: 'month',
    meterAnonymousLimit: 2,
    meterRegisteredLimit: 3,
    meterExemptCategoryIds: [exemptCategory],
  })
})

function story(i: number): StoryGate {
  return {
    id: ids[i],
    slug: `members-${i}`,
    categoryId: i === 4 ? exemptCategory : otherCategory,
    access: 'members',
    accessPlanIds: [],
    freeForNow: false,
    previewParagraphs: null,
  }
}

const anonymous: Reader = { kind: 'anonymous' }

describe('the anonymous meter (a signed cookie)', () => {
  it('lets N stories through a month, then refuses; re-reading a counted story is free', async () => {
    const now = LAST_MINUTE_OF_NOVEMBER
    const first = await consultMeter(ids[0], anonymous, requestWith(null), settings, {
      count: true,
      now,
    })
    expect(first).toMatchObject({ allowed: true, count: { used: 1, limit: 2, period: 'month' } })
    expect(first.setCookie).toMatch(
      /^meter=v1\.2026-11-01\.[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/,
    )
    let cookie = pairOf(first.setCookie)
    const second = await consultMeter(ids[1], anonymous, requestWith(cookie), settings, {
      count: true,
      now,
    })
    expect(second).toMatchObject({ allowed: true, count: { used: 2 } })
    cookie = pairOf(second.setCookie)
    const third = await consultMeter(ids[2], anonymous, requestWith(cookie), settings, {
      count: true,
      now,
    })
    expect(third).toMatchObject({ allowed: false, count: { used: 2, limit: 2 }, setCookie: null })
    // The first story again: free, and the cookie is not rewritten.
    const again = await consultMeter(ids[0], anonymous, requestWith(cookie), settings, {
      count: true,
      now,
    })
    expect(again).toMatchObject({ allowed: true, count: { used: 2 }, setCookie: null })
    // The first minute of December in Paris: a new period, the November cookie counts nothing.
    const december = await consultMeter(ids[2], anonymous, requestWith(cookie), settings, {
      count: true,
      now: FIRST_MINUTE_OF_DECEMBER,
    })
    expect(december).toMatchObject({ allowed: true, count: { used: 1 } })
    expect(december.setCookie).toContain('meter=v1.2026-12-01.')
  })

  it('only recognises a counted story where it is not asked to count (live updates, entries)', async () => {
    const now = LAST_MINUTE_OF_NOVEMBER
    const peek = await consultMeter(ids[0], anonymous, requestWith(null), settings, {
      count: false,
      now,
    })
    expect(peek).toMatchObject({ allowed: false, setCookie: null })
  })

  it('reads a forged or tampered cookie as an empty meter', async () => {
    const window = meterWindow(LAST_MINUTE_OF_NOVEMBER, 'month', PARIS)
    const spent = meterCookieValue({
      key: window.key,
      reads: [
        { articleId: ids[0], day: window.today },
        { articleId: ids[1], day: window.today },
      ],
    })
    expect(readMeterCookieValue(spent)?.reads).toHaveLength(2)
    const [version, key, reads, signature] = spent.split('.')
    const forgedEmpty = `${version}.${key}..${signature}`
    const tampered = `${version}.${key}.${reads.split('-')[0]}.${signature}`
    const unsigned = `${version}.${key}.${reads}.AAAAAAAAAAAAAAAAAAAAAA`
    for (const value of [forgedEmpty, tampered, unsigned, 'garbage', `${spent}x`]) {
      expect(readMeterCookieValue(value)).toBeNull()
      const answer = await consultMeter(
        ids[2],
        anonymous,
        requestWith(`meter=${value}`),
        settings,
        {
          count: true,
          now: LAST_MINUTE_OF_NOVEMBER,
        },
      )
      expect(answer, value).toMatchObject({ allowed: true, count: { used: 1 } })
    }
    // The genuine cookie is spent.
    const answer = await consultMeter(ids[2], anonymous, requestWith(`meter=${spent}`), settings, {
      count: true,
      now: LAST_MINUTE_OF_NOVEMBER,
    })
    expect(answer.allowed).toBe(false)
  })
})

describe('the registered meter (meter_reads)', () => {
  it('counts a larger allowance in the database, re-reads free, across the month in Paris', async () => {
    const user = await createTestUser()
    const reader: Reader = { kind: 'account', id: user.id, role: 'viewer', planIds: [] }
    const now = LAST_MINUTE_OF_NOVEMBER
    for (const [i, used] of [
      [0, 1],
      [1, 2],
      [2, 3],
    ] as const) {
      const answer = await consultMeter(ids[i], reader, requestWith(null), settings, {
        count: true,
        now,
      })
      expect(answer).toMatchObject({ allowed: true, count: { used, limit: 3 }, setCookie: null })
    }
    expect(
      await consultMeter(ids[3], reader, requestWith(null), settings, { count: true, now }),
    ).toMatchObject({ allowed: false, count: { used: 3 } })
    expect(
      await consultMeter(ids[1], reader, requestWith(null), settings, { count: true, now }),
    ).toMatchObject({ allowed: true, count: { used: 3 } })
    const rows = await getDb().select().from(meterReads).where(eq(meterReads.userId, user.id))
    expect(rows.map((row) => row.period)).toEqual(['2026-11-01', '2026-11-01', '2026-11-01'])
    expect(
      await consultMeter(ids[3], reader, requestWith(null), settings, {
        count: true,
        now: FIRST_MINUTE_OF_DECEMBER,
      }),
    ).toMatchObject({ allowed: true, count: { used: 1 } })
  })

  it('lets one of two requests racing for the last free story through, never both', async () => {
    const user = await createTestUser()
    const reader: Reader = { kind: 'account', id: user.id, role: 'viewer', planIds: [] }
    const now = LAST_MINUTE_OF_NOVEMBER
    const one = { ...settings, meterRegisteredLimit: 1 }
    const answers = await Promise.all(
      [ids[0], ids[1], ids[2]].map((id) =>
        consultMeter(id, reader, requestWith(null), one, { count: true, now }),
      ),
    )
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(1)
    const rows = await getDb().select().from(meterReads).where(eq(meterReads.userId, user.id))
    expect(rows).toHaveLength(1)
    // The same story twice at once: one read, both let through.
    const again = await createTestUser()
    const second: Reader = { kind: 'account', id: again.id, role: 'viewer', planIds: [] }
    const twice = await Promise.all(
      [ids[3], ids[3]].map((id) =>
        consultMeter(id, second, requestWith(null), one, { count: true, now }),
      ),
    )
    expect(twice.map((answer) => answer.allowed)).toEqual([true, true])
  })

  it('keeps rolling 30 days: a read 30 days ago no longer counts', async () => {
    const user = await createTestUser()
    const reader: Reader = { kind: 'account', id: user.id, role: 'viewer', planIds: [] }
    const rolling = { ...settings, meterPeriod: 'rolling30', meterRegisteredLimit: 1 }
    const day1 = new Date('2026-11-01T10:00:00Z')
    expect(
      await consultMeter(ids[0], reader, requestWith(null), rolling, { count: true, now: day1 }),
    ).toMatchObject({ allowed: true, count: { used: 1, period: 'rolling30' } })
    const day30 = new Date('2026-11-30T10:00:00Z')
    expect(
      await consultMeter(ids[1], reader, requestWith(null), rolling, { count: true, now: day30 }),
    ).toMatchObject({ allowed: false })
    const day31 = new Date('2026-12-01T10:00:00Z')
    expect(
      await consultMeter(ids[1], reader, requestWith(null), rolling, { count: true, now: day31 }),
    ).toMatchObject({ allowed: true, count: { used: 1 } })
  })
})

describe('articleAccessFor under the meter', () => {
  it('gives a metered read in full, private, with its counter and cookie; then the wall says the meter is spent', async () => {
    const now = LAST_MINUTE_OF_NOVEMBER
    const first = await articleAccessFor(story(0), requestWith(null), { count: true, now })
    expect(first.read).toMatchObject({ gated: true, full: true, personal: true })
    expect(first.meter).toEqual({ used: 1, limit: 2, period: 'month' })
    let cookie = pairOf(first.setCookie)
    const second = await articleAccessFor(story(1), requestWith(cookie), { count: true, now })
    cookie = pairOf(second.setCookie)
    const third = await articleAccessFor(story(2), requestWith(cookie), { count: true, now })
    expect(third.read).toMatchObject({ full: false, personal: true })
    expect(third.wall).toMatchObject({
      kind: 'subscribe',
      meter: { used: 2, limit: 2, period: 'month' },
      // Registered readers get 3: a free account is offered.
      moreWithAccount: { limit: 3, signUpHref: '/signup?redirectTo=%2Farticle%2Fmembers-2' },
    })
    expect(third.setCookie).toBeNull()
  })

  it('leaves exempt categories free to everyone, neither counted nor walled', async () => {
    const access = await articleAccessFor(story(4), requestWith(null), {
      count: true,
      now: LAST_MINUTE_OF_NOVEMBER,
    })
    expect(access.read).toMatchObject({ gated: false, full: true, personal: false })
    expect(access.setCookie).toBeNull()
    expect(access.meter).toBeNull()
  })

  it('does not meter a member, who reads through the plan and may give the story', async () => {
    const user = await createTestUser()
    await getDb().insert(entitlements).values({ userId: user.id, planId, source: 'complimentary' })
    const cookie = await sessionCookie(user)
    const access = await articleAccessFor(story(0), requestWith(cookie), {
      count: true,
      now: LAST_MINUTE_OF_NOVEMBER,
    })
    expect(access.read.full).toBe(true)
    expect(access.meter).toBeNull()
    expect(access.giftHref).toBe('/article/members-0/gift')
    const rows = await getDb().select().from(meterReads).where(eq(meterReads.userId, user.id))
    expect(rows).toEqual([])
  })

  it('leaves the registration wall as it was: the register wall for anonymous readers, no meter', async () => {
    await setMeter({ meterMode: 'registration' })
    const access = await articleAccessFor(story(0), requestWith(null), {
      count: true,
      now: LAST_MINUTE_OF_NOVEMBER,
    })
    expect(access.read).toMatchObject({ gated: true, full: false, personal: false })
    expect(access.wall).toMatchObject({ kind: 'register', meter: null })
    expect(access.setCookie).toBeNull()
    // Exempt categories are the meter's: behind the registration wall they are walled too.
    const exempt = await articleAccessFor(story(4), requestWith(null), { count: true })
    expect(exempt.read.full).toBe(false)
  })

  it('with the meter off, gives the anonymous page every reader shares (public)', async () => {
    await setMeter({ meterMode: 'off' })
    const access = await articleAccessFor(story(0), requestWith(null), { count: true })
    expect(access.read).toMatchObject({ full: false, personal: false })
    expect(access.wall).toMatchObject({ kind: 'subscribe', meter: null })
  })
})
