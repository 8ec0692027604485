import { describe, expect, it } from 'vitest'
import { formatCoverageMoment, formatEntryTime } from './live-time'

describe('formatEntryTime', () => {
  const now = new Date('2026-11-26T15:00:00Z')

  it('shows the time alone today, in the site time zone', () => {
    expect(formatEntryTime(new Date('2026-11-26T14:32:10Z'), now, 'UTC')).toBe('2:32 PM')
    expect(formatEntryTime(new Date('2026-11-26T14:32:10Z'), now, 'Europe/Paris')).toBe('3:32 PM')
  })

  it('adds the date on another day, and the year in another year', () => {
    expect(formatEntryTime(new Date('2026-11-25T09:05:00Z'), now, 'UTC')).toBe('Nov 25, 9:05 AM')
    expect(formatEntryTime(new Date('2025-12-31T23:59:00Z'), now, 'UTC')).toBe(
      'Dec 31, 2025, 11:59 PM',
    )
    // Late evening in New York is already tomorrow in UTC.
    expect(formatEntryTime(new Date('2026-11-26T02:00:00Z'), now, 'America/New_York')).toBe(
      'Nov 25, 9:00 PM',
    )
  })

  it('words nothing for an invalid instant', () => {
    expect(formatEntryTime(new Date(NaN), now, 'UTC')).toBe('')
  })

  it('words the end of coverage as the article page words its publication', () => {
    expect(formatCoverageMoment(new Date('2026-11-26T18:05:00Z'), 'UTC')).toBe(
      'November 26, 2026 at 6:05 PM',
    )
  })
})
