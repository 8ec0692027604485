import { afterEach, beforeEach, describe, it, expect } from 'vitest'
import {
  DATE_FORMATS,
  formatArticleDate,
  formatCalendarDate,
  formatDate,
  formatDateWithTime,
  formatRelative,
  formatShortDate,
  formatTime,
  formatUpdatedTime,
} from './dates'

describe('formatCalendarDate and formatShortDate', () => {
  it('print a calendar date as the site does, and a back-office day as §9 does', () => {
    const date = new Date('2025-01-05T12:00:00Z')
    expect(formatCalendarDate(date)).toBe('January 5, 2025')
    expect(formatShortDate(date)).toBe('Jan 5, 2025')
    // A print edition's date, as stored: the day it names.
    expect(formatCalendarDate('2026-11-26')).toBe('November 26, 2026')
  })

  it('accept ISO strings and timestamps', () => {
    expect(formatCalendarDate('2024-09-30T08:15:00.000Z')).toBe('September 30, 2024')
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
      expect(formatCalendarDate(input)).toBe('')
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
      ['Pacific/Kiritimati', '2025-03-31T23:30:00Z', 'March 31, 2025', 'Mar 31, 2025'],
      // UTC-10: local time is still the previous day (and year).
      ['Pacific/Honolulu', '2025-01-01T00:30:00Z', 'January 1, 2025', 'Jan 1, 2025'],
    ])('%s still prints the UTC day', (tz, iso, long, short) => {
      process.env.TZ = tz
      const date = new Date(iso)
      // Guard: prove the zone change took effect, or this test would prove nothing.
      expect(date.getDate()).not.toBe(date.getUTCDate())
      expect(formatCalendarDate(date)).toBe(long)
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
    const tokyo = formatCalendarDate(instant)
    process.env.TZ = 'America/Los_Angeles'
    const losAngeles = formatCalendarDate(instant)
    expect(tokyo).toBe('December 31, 2025')
    expect(losAngeles).toBe(tokyo)
  })
})

describe('times in the paper’s time zone', () => {
  const instant = new Date('2026-11-26T14:32:10Z')

  it('print a back-office moment (a backup, a revision, a schedule) where the paper is', () => {
    expect(formatDateWithTime(instant, 'UTC')).toBe('November 26, 2026 at 2:32 PM')
    expect(formatDateWithTime(instant, 'Europe/Paris')).toBe('November 26, 2026 at 3:32 PM')
    // Past midnight in Tokyo: the day moves on with the clock.
    expect(formatDateWithTime(new Date('2026-11-26T16:05:00Z'), 'Asia/Tokyo')).toBe(
      'November 27, 2026 at 1:05 AM',
    )
    expect(formatArticleDate(instant, 'America/New_York')).toBe('November 26, 2026')
    // "Draft saved at 9:32 AM": the seconds of a save are no one's business.
    expect(formatTime(instant, 'America/New_York')).toBe('9:32 AM')
    expect(formatDateWithTime(new Date('2026-11-26T23:59:59Z'), 'Europe/Paris')).toBe(
      'November 27, 2026 at 12:59 AM',
    )
  })

  it('word an update on the same day as a time, on a later day with its date and time', () => {
    const later = new Date('2026-11-26T15:10:00Z')
    expect(formatUpdatedTime(later, instant, 'UTC')).toBe('3:10 PM')
    expect(formatUpdatedTime(new Date('2026-11-27T09:10:00Z'), instant, 'UTC')).toBe(
      'November 27, 2026 at 9:10 AM',
    )
    // 23:30 and 00:30 the next day in Paris are one UTC day apart only there.
    expect(
      formatUpdatedTime(
        new Date('2026-11-26T23:30:00Z'),
        new Date('2026-11-26T22:30:00Z'),
        'Europe/Paris',
      ),
    ).toBe('November 27, 2026 at 12:30 AM')
  })

  it('fall back to UTC for an unknown zone and print nothing for no date', () => {
    expect(formatDateWithTime(instant, 'Mars/Olympus_Mons')).toBe('November 26, 2026 at 2:32 PM')
    expect(formatDateWithTime(null, 'UTC')).toBe('')
    expect(formatUpdatedTime('not a date', instant, 'UTC')).toBe('')
  })
})

describe('the product’s named formats', () => {
  // 05:16 UTC: the black-box run's "28 November 2026, 05:16".
  const instant = new Date('2026-11-28T05:16:42Z')

  it('are the specification’s date-fns patterns, none of them to the second', () => {
    expect(DATE_FORMATS).toMatchObject({
      articleDate: 'MMMM d, yyyy',
      adminListDate: 'MMM d, yyyy',
      time: 'h:mm a',
      dateWithTime: "MMMM d, yyyy 'at' h:mm a",
    })
    for (const pattern of Object.values(DATE_FORMATS)) expect(pattern).not.toMatch(/s/)
  })

  it('print the article page’s date, time and date with time in the paper’s zone', () => {
    expect(formatDateWithTime(instant, 'UTC')).toBe('November 28, 2026 at 5:16 AM')
    expect(formatArticleDate(instant, 'UTC')).toBe('November 28, 2026')
    expect(formatTime(instant, 'UTC')).toBe('5:16 AM')
    // The afternoon on a 12-hour clock; noon and midnight are 12, not 0.
    expect(formatTime('2026-11-28T17:05:00Z', 'UTC')).toBe('5:05 PM')
    expect(formatTime('2026-11-28T12:00:00Z', 'UTC')).toBe('12:00 PM')
    expect(formatTime('2026-11-28T00:00:00Z', 'UTC')).toBe('12:00 AM')
    // The same instant is still the evening before in New York, the afternoon in Tokyo.
    expect(formatDateWithTime(instant, 'America/New_York')).toBe('November 28, 2026 at 12:16 AM')
    expect(formatDateWithTime(instant, 'America/Los_Angeles')).toBe('November 27, 2026 at 9:16 PM')
    expect(formatDateWithTime(instant, 'Asia/Tokyo')).toBe('November 28, 2026 at 2:16 PM')
  })

  it('follow the zone’s summer time', () => {
    // Paris is UTC+2 in July, UTC+1 in January.
    expect(formatTime('2026-07-01T10:00:00Z', 'Europe/Paris')).toBe('12:00 PM')
    expect(formatTime('2026-01-01T10:00:00Z', 'Europe/Paris')).toBe('11:00 AM')
  })

  it('print an admin list’s day by name as well', () => {
    expect(formatDate(instant, 'adminListDate', 'UTC')).toBe('Nov 28, 2026')
    expect(formatDate(instant, 'adminListDate', 'America/Los_Angeles')).toBe('Nov 27, 2026')
  })

  it('fall back to UTC for an unknown zone and print nothing for no date', () => {
    expect(formatDateWithTime(instant, 'Mars/Olympus_Mons')).toBe('November 28, 2026 at 5:16 AM')
    for (const input of [null, undefined, '', 'not a date', new Date(NaN)]) {
      expect(formatDateWithTime(input, 'UTC')).toBe('')
      expect(formatArticleDate(input, 'UTC')).toBe('')
      expect(formatTime(input, 'UTC')).toBe('')
    }
  })

  describe('whatever zone the process runs in', () => {
    const originalTz = process.env.TZ
    afterEach(() => {
      if (originalTz === undefined) delete process.env.TZ
      else process.env.TZ = originalTz
    })

    it.each(['Pacific/Kiritimati', 'Pacific/Honolulu'])('%s prints the paper’s zone', (zone) => {
      process.env.TZ = zone
      // Guard: prove the zone change took effect, or this test would prove nothing.
      expect(instant.getHours()).not.toBe(instant.getUTCHours())
      expect(formatDateWithTime(instant, 'Europe/Paris')).toBe('November 28, 2026 at 6:16 AM')
    })
  })
})
