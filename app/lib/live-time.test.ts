import { describe, expect, it } from 'vitest'
import { formatCoverageMoment, formatEntryTime } from './live-time'

describe('formatEntryTime', () => {
  const now = new Date('2026-11-26T15:00:00Z')

  it('shows the time alone today, in the site time zone', () => {
    expect(formatEntryTime(new Date('2026-11-26T14:32:10Z'), now, 'UTC')).toBe('14:32')
    expect(formatEntryTime(new Date('2026-11-26T14:32:10Z'), now, 'Europe/Paris')).toBe('15:32')
  })

  it('adds the date on another day, and the year in another year', () => {
    expect(formatEntryTime(new Date('2026-11-25T09:05:00Z'), now, 'UTC')).toBe('Nov 25, 09:05')
    expect(formatEntryTime(new Date('2025-12-31T23:59:00Z'), now, 'UTC')).toBe('Dec 31 2025, 23:59')
    // Late evening in New York is already tomorrow in UTC.
    expect(formatEntryTime(new Date('2026-11-26T02:00:00Z'), now, 'America/New_York')).toBe(
      'Nov 25, 21:00',
    )
  })

  it('words the end of coverage', () => {
    expect(formatCoverageMoment(new Date('2026-11-26T18:05:00Z'), 'UTC')).toBe(
      '26 November 2026, 18:05',
    )
  })
})
