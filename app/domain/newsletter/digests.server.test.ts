import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterIssues, newsletterLists, siteSettings } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { buildDueDigests, latestWindow, scheduleZone } from './digests.server'
import { listSchema } from './lists-schema'

// Issue 36: a digest's "Daily at 07:00" is seven in the paper's zone. A list without a zone of
// its own (the seeded ones) follows the site's; a list with one keeps it. Fixed clocks only.

type List = typeof newsletterLists.$inferSelect

function digest(fields: Partial<List> = {}): List {
  return {
    id: 1,
    slug: 'daily',
    name: 'Daily',
    description: '',
    kind: 'digest',
    cadence: 'daily',
    sendTime: '07:00',
    weekday: null,
    timeZone: null,
    categoryId: null,
    tagId: null,
    minStories: 1,
    isDefault: false,
    announceInMail: false,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
    ...fields,
  }
}

describe('a digest’s schedule', () => {
  it('is read in the site’s zone when the list has none, in its own otherwise', () => {
    expect(scheduleZone({ timeZone: null }, 'Europe/Paris')).toBe('Europe/Paris')
    expect(scheduleZone({ timeZone: 'America/New_York' }, 'Europe/Paris')).toBe('America/New_York')
  })

  it('is the site’s when the list form leaves the zone empty, the list’s when it names one', () => {
    const form = { name: 'Morning', kind: 'digest', cadence: 'daily', sendTime: '07:00' }
    expect(listSchema.parse({ ...form, timeZone: '' }).timeZone).toBeNull()
    expect(listSchema.parse(form).timeZone).toBeNull()
    expect(listSchema.parse({ ...form, timeZone: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo')
    expect(listSchema.safeParse({ ...form, timeZone: 'Mars/Olympus_Mons' }).success).toBe(false)
  })

  it('fires at 07:00 in the site’s zone: 06:00 UTC in a Paris winter, 05:00 in summer', () => {
    const list = digest()
    // 06:59 in Paris: today's window has not come; yesterday's is the latest.
    expect(latestWindow(list, new Date('2025-01-15T05:59:00Z'), 'Europe/Paris')?.key).toBe(
      '2025-01-14',
    )
    expect(latestWindow(list, new Date('2025-01-15T06:00:00Z'), 'Europe/Paris')).toEqual({
      key: '2025-01-15',
      from: new Date('2025-01-14T06:00:00Z'),
      to: new Date('2025-01-15T06:00:00Z'),
    })
    expect(latestWindow(list, new Date('2025-07-15T05:00:00Z'), 'Europe/Paris')?.key).toBe(
      '2025-07-15',
    )
    // The same list on a site in Tokyo: 07:00 there is 22:00 UTC the day before.
    expect(latestWindow(list, new Date('2025-01-14T22:00:00Z'), 'Asia/Tokyo')?.key).toBe(
      '2025-01-15',
    )
  })

  it('keeps a list’s own zone whatever the site’s', () => {
    const list = digest({ timeZone: 'America/New_York' })
    // 07:00 in New York is 12:00 UTC in January; 06:00 UTC (07:00 Paris) is not it.
    expect(latestWindow(list, new Date('2025-01-15T06:00:00Z'), 'Europe/Paris')?.key).toBe(
      '2025-01-14',
    )
    expect(latestWindow(list, new Date('2025-01-15T12:00:00Z'), 'Europe/Paris')?.key).toBe(
      '2025-01-15',
    )
  })
})

describe('the seeded daily briefing', () => {
  it('follows the site’s zone: built at 07:00 Paris time once the site is in Paris', async () => {
    const db = getDb()
    const [briefing] = await db
      .select()
      .from(newsletterLists)
      .where(eq(newsletterLists.slug, 'daily-briefing'))
    // Seeded without a zone of its own (migration 0016), at seven.
    expect(briefing).toMatchObject({ timeZone: null, sendTime: '07:00', cadence: 'daily' })
    // Made before the fixed clock below, so its windows count.
    await db
      .update(newsletterLists)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(newsletterLists.id, briefing.id))
    await db
      .insert(siteSettings)
      .values({ id: 1, timeZone: 'Europe/Paris' })
      .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'Europe/Paris' } })
    const windows = async () =>
      (
        await db
          .select({ key: newsletterIssues.windowKey })
          .from(newsletterIssues)
          .where(eq(newsletterIssues.listId, briefing.id))
      ).map((issue) => issue.key)

    await buildDueDigests(new Date('2025-01-15T05:59:00Z'))
    expect(await windows()).not.toContain('2025-01-15')
    await buildDueDigests(new Date('2025-01-15T06:00:00Z'))
    expect(await windows()).toContain('2025-01-15')
  })
})
