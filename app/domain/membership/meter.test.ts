import { describe, expect, it } from 'vitest'
import { dayIso, meterCounterText, meterWindow } from './meter'

// Fixed instants, never today's date. Paris is UTC+1 in winter: its midnight is 23:00 UTC.
const PARIS = 'Europe/Paris'

describe('meterWindow', () => {
  it('cuts the month at midnight in the site’s zone, not in UTC', () => {
    const lastMinute = meterWindow(new Date('2026-11-30T22:59:00Z'), 'month', PARIS)
    const firstMinute = meterWindow(new Date('2026-11-30T23:00:00Z'), 'month', PARIS)
    expect(lastMinute.key).toBe('2026-11-01')
    expect(dayIso(lastMinute.today)).toBe('2026-11-30')
    expect(firstMinute.key).toBe('2026-12-01')
    expect(dayIso(firstMinute.today)).toBe('2026-12-01')
    // In UTC the same instants are both still November.
    expect(meterWindow(new Date('2026-11-30T23:00:00Z'), 'month', 'UTC').key).toBe('2026-11-01')
  })

  it('starts the week on Monday in the site’s zone', () => {
    // Sunday 2026-11-29 23:30 in Paris, then Monday 00:30.
    expect(meterWindow(new Date('2026-11-29T22:30:00Z'), 'week', PARIS).key).toBe('2026-11-23')
    expect(meterWindow(new Date('2026-11-29T23:30:00Z'), 'week', PARIS).key).toBe('2026-11-30')
    // A Wednesday.
    expect(meterWindow(new Date('2026-12-02T12:00:00Z'), 'week', PARIS).key).toBe('2026-11-30')
  })

  it('keeps the rolling 30 days as today and the 29 days before it', () => {
    const window = meterWindow(new Date('2026-03-01T10:00:00Z'), 'rolling30', PARIS)
    expect(window.key).toBe('rolling30')
    expect(dayIso(window.today)).toBe('2026-03-01')
    expect(dayIso(window.firstDay)).toBe('2026-01-31')
  })
})

describe('meterCounterText', () => {
  it('words the counter for each period', () => {
    expect(meterCounterText({ used: 2, limit: 5, period: 'month' })).toBe(
      '2 of 5 free stories this month',
    )
    expect(meterCounterText({ used: 1, limit: 3, period: 'week' })).toBe(
      '1 of 3 free stories this week',
    )
    expect(meterCounterText({ used: 1, limit: 1, period: 'rolling30' })).toBe(
      '1 of 1 free story in the last 30 days',
    )
  })
})
