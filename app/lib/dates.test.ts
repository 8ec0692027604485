import { afterEach, beforeEach, describe, it, expect } from 'vitest'
import {
  formatDateTime,
  formatDayInZone,
  formatLongDate,
  formatRelative,
  formatSaveMoment,
  formatShortDate,
  formatTimeOfDay,
  formatUpdatedTime,
} from './dates'

describe('formatLongDate and formatShortDate', () => {
  it('print a calendar date as the site does, and a back-office day as §9 does', () => {
    const date = new Date('2025-01-05T12:00:00Z')
    expect(formatLongDate(date)).toBe('5 January 2025')
    expect(formatShortDate(date)).toBe('Jan 5, 2025')
    // A print edition's date, as stored: the day it names.
    expect(formatLongDate('2026-11-26')).toBe('26 November 2026')
  })

  it('accept ISO strings and timestamps', () => {
    expect(formatLongDate('2024-09-30T08:15:00.000Z')).toBe('30 September 2024')
    expect(formatShortDate(Date.UTC(2024, 1, 29, 12))).toBe('Feb 29, 2024')
    expect(formatShortDate(new Date('2024-09-05T08:15:00.000Z'))).toBe('Sep 5, 2024')
  })

  it('print a back-office day in the paper’s time zone', () => {
    // 23:30 UTC on 31 March is already 1 April in Paris, still 31 March in New York.
    const late = '2025-03-31T23:30:00Z'
    expect(formatShortDate(late, 'Europe/Paris')).toBe('Apr 1, 2025')
    expect(formatShortDate(late, 'America/New_York')).toBe('Mar 31, 2025')
    expect(formatShortDate(late, 'Mars/Olympus_Mons')).toBe('Mar 31, 2025')
  })

  it('render nothing for null, undefined, empty or invalid input', () => {
    for (const input of [null, undefined, '', 'not a date', new Date(NaN)]) {
      expect(formatLongDate(input)).toBe('')
      expect(formatShortDate(input)).toBe('')
    }
  })

  describe('in a process whose time zone is far from UTC', () => {
    const originalTz = process.env.TZ

    afterEach(() => {
      if (originalTz === undefined) delete process.env.TZ
      else process.env.TZ = originalTz
    })

    it.each([
      // UTC+14: local time is already the next day.
      ['Pacific/Kiritimati', '2025-03-31T23:30:00Z', '31 March 2025', 'Mar 31, 2025'],
      // UTC-10: local time is still the previous day (and year).
      ['Pacific/Honolulu', '2025-01-01T00:30:00Z', '1 January 2025', 'Jan 1, 2025'],
    ])('%s still prints the UTC day', (tz, iso, long, short) => {
      process.env.TZ = tz
      const date = new Date(iso)
      // Guard: prove the zone change took effect, or this test would prove nothing.
      expect(date.getDate()).not.toBe(date.getUTCDate())
      expect(formatLongDate(date)).toBe(long)
      expect(formatShortDate(iso)).toBe(short)
    })
  })
})

describe('formatRelative', () => {
  const now = new Date('2025-06-15T12:00:00Z')

  it('describes past dates with "ago"', () => {
    expect(formatRelative(new Date('2025-06-15T10:00:00Z'), now)).toBe('about 2 hours ago')
    expect(formatRelative('2025-06-15T11:55:00Z', now)).toBe('5 minutes ago')
    expect(formatRelative('2025-06-12T12:00:00Z', now)).toBe('3 days ago')
  })

  it('describes future dates with "in"', () => {
    expect(formatRelative('2025-06-16T12:00:00Z', now)).toBe('in 1 day')
  })

  it('defaults to the current time', () => {
    expect(formatRelative(new Date(Date.now() - 2 * 60 * 60 * 1000))).toBe('about 2 hours ago')
  })

  it('renders nothing for null or invalid input', () => {
    expect(formatRelative(null, now)).toBe('')
    expect(formatRelative('garbage', now)).toBe('')
  })
})

describe('module has no hidden time-zone state', () => {
  let originalTz: string | undefined
  beforeEach(() => {
    originalTz = process.env.TZ
  })
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ
    else process.env.TZ = originalTz
  })

  it('gives the same text in two zones for the same instant', () => {
    const instant = '2025-12-31T22:00:00Z'
    process.env.TZ = 'Asia/Tokyo'
    const tokyo = formatLongDate(instant)
    process.env.TZ = 'America/Los_Angeles'
    const losAngeles = formatLongDate(instant)
    expect(tokyo).toBe('31 December 2025')
    expect(losAngeles).toBe(tokyo)
  })
})

describe('times in the paper’s time zone', () => {
  const instant = new Date('2026-11-26T14:32:10Z')

  it('print the publication day and time where the paper is', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('26 November 2026, 14:32')
    expect(formatDateTime(instant, 'Europe/Paris')).toBe('26 November 2026, 15:32')
    // Past midnight in Tokyo: the day moves on with the clock.
    expect(formatDateTime(new Date('2026-11-26T16:05:00Z'), 'Asia/Tokyo')).toBe(
      '27 November 2026, 01:05',
    )
    expect(formatDayInZone(instant, 'America/New_York')).toBe('26 November 2026')
    expect(formatTimeOfDay(instant, 'America/New_York')).toBe('09:32')
  })

  it('word a save in the revision history to the second, where the paper is', () => {
    expect(formatSaveMoment(instant, 'UTC')).toBe('26 November 2026, 14:32:10')
    expect(formatSaveMoment(new Date('2026-11-26T23:59:59Z'), 'Europe/Paris')).toBe(
      '27 November 2026, 00:59:59',
    )
    expect(formatSaveMoment('not a date', 'UTC')).toBe('')
  })

  it('word an update on the same day as a time, on a later day with its date', () => {
    const later = new Date('2026-11-26T15:10:00Z')
    expect(formatUpdatedTime(later, instant, 'UTC')).toBe('15:10')
    expect(formatUpdatedTime(new Date('2026-11-27T09:10:00Z'), instant, 'UTC')).toBe(
      '27 November 2026, 09:10',
    )
    // 23:30 and 00:30 the next day in Paris are one UTC day apart only there.
    expect(
      formatUpdatedTime(
        new Date('2026-11-26T23:30:00Z'),
        new Date('2026-11-26T22:30:00Z'),
        'Europe/Paris',
      ),
    ).toBe('27 November 2026, 00:30')
  })

  it('fall back to UTC for an unknown zone and print nothing for no date', () => {
    expect(formatDateTime(instant, 'Mars/Olympus_Mons')).toBe('26 November 2026, 14:32')
    expect(formatDateTime(null, 'UTC')).toBe('')
    expect(formatUpdatedTime('not a date', instant, 'UTC')).toBe('')
  })
})
