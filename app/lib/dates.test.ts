import { afterEach, beforeEach, describe, it, expect } from 'vitest'
import { formatLongDate, formatRelative, formatShortDate } from './dates'

describe('formatLongDate and formatShortDate', () => {
  it('use the spec formats', () => {
    const date = new Date('2025-01-05T12:00:00Z')
    expect(formatLongDate(date)).toBe('January 5, 2025')
    expect(formatShortDate(date)).toBe('Jan 5, 2025')
  })

  it('accept ISO strings and timestamps', () => {
    expect(formatLongDate('2024-09-30T08:15:00.000Z')).toBe('September 30, 2024')
    expect(formatShortDate(Date.UTC(2024, 1, 29, 12))).toBe('Feb 29, 2024')
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
      ['Pacific/Kiritimati', '2025-03-31T23:30:00Z', 'March 31, 2025', 'Mar 31, 2025'],
      // UTC-10: local time is still the previous day (and year).
      ['Pacific/Honolulu', '2025-01-01T00:30:00Z', 'January 1, 2025', 'Jan 1, 2025'],
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
    expect(tokyo).toBe('December 31, 2025')
    expect(losAngeles).toBe(tokyo)
  })
})
