import { describe, expect, it } from 'vitest'
import {
  canonicalTimeZone,
  formatOffset,
  fromWallTime,
  timeZoneNames,
  toWallMinute,
  toWallTime,
  zoneOffsetMinutes,
} from './time-zone'

const iso = (date: Date | null) => date?.toISOString() ?? null

describe('time zones', () => {
  it('lists the runtime’s zones with UTC first, each under its own name', () => {
    const names = timeZoneNames()
    expect(names[0]).toBe('UTC')
    expect(names).toContain('Europe/Paris')
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(canonicalTimeZone(name)).toBe(name)
  })

  it('names a zone as the runtime spells it, and knows no other', () => {
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris')
    expect(canonicalTimeZone('UTC')).toBe('UTC')
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris')
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York')
    expect(timeZoneNames()).toContain(canonicalTimeZone('Asia/Kolkata'))
    for (const bad of ['Mars/Olympus', '', '+02:00', 'UTC+2', ' UTC', 'a'.repeat(80), 42, null]) {
      expect(canonicalTimeZone(bad)).toBeNull()
    }
  })

  it('knows the offset at an instant, summer and winter', () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/Paris')).toBe(120)
    expect(zoneOffsetMinutes(new Date('2026-01-01T12:00:00Z'), 'Europe/Paris')).toBe(60)
    expect(zoneOffsetMinutes(new Date('2026-01-01T12:00:00Z'), 'America/New_York')).toBe(-300)
    expect(zoneOffsetMinutes(new Date('2026-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330)
    expect(zoneOffsetMinutes(new Date('2026-01-01T12:00:00Z'), 'UTC')).toBe(0)
    expect(formatOffset(120)).toBe('UTC+02:00')
    expect(formatOffset(-210)).toBe('UTC−03:30')
    expect(formatOffset(0)).toBe('UTC')
  })

  it('shows an instant as the wall-clock time of the zone', () => {
    const instant = new Date('2026-07-01T07:30:15.500Z')
    expect(toWallTime(instant, 'UTC')).toBe('2026-07-01T07:30:15')
    expect(toWallTime(instant, 'Europe/Paris')).toBe('2026-07-01T09:30:15')
    expect(toWallTime(instant, 'America/Los_Angeles')).toBe('2026-07-01T00:30:15')
    expect(toWallTime(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe(
      '2025-12-31T22:00:00',
    )
    expect(toWallTime(new Date(Number.NaN), 'UTC')).toBe('')
  })

  it('gives a datetime-local input the zone’s wall-clock time without seconds', () => {
    // An input given seconds shows them ("11/28/2026, 02:12:08 AM"); no one reads or types those.
    const instant = new Date('2026-11-28T08:12:08Z')
    expect(toWallMinute(instant, 'America/Chicago')).toBe('2026-11-28T02:12')
    expect(toWallMinute(instant, 'Asia/Tokyo')).toBe('2026-11-28T17:12')
    // What the input posts back is read in the same zone: the minute round-trips.
    expect(iso(fromWallTime(toWallMinute(instant, 'America/Chicago'), 'America/Chicago'))).toBe(
      '2026-11-28T08:12:00.000Z',
    )
    expect(toWallMinute(new Date(Number.NaN), 'UTC')).toBe('')
  })

  it('reads a wall-clock time of the zone as its instant', () => {
    expect(iso(fromWallTime('2026-07-01T09:30:15', 'Europe/Paris'))).toBe(
      '2026-07-01T07:30:15.000Z',
    )
    expect(iso(fromWallTime('2026-01-01T09:30', 'Europe/Paris'))).toBe('2026-01-01T08:30:00.000Z')
    expect(iso(fromWallTime('2026-01-01T09:30', 'UTC'))).toBe('2026-01-01T09:30:00.000Z')
    expect(iso(fromWallTime('2025-12-31T22:00:00', 'America/New_York'))).toBe(
      '2026-01-01T03:00:00.000Z',
    )
    expect(iso(fromWallTime('2026-01-01T09:30', 'Asia/Kolkata'))).toBe('2026-01-01T04:00:00.000Z')
  })

  it('goes there and back for every hour of a year with two changes of offset', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const instant = new Date(t)
      for (const zone of ['Europe/Paris', 'America/New_York', 'Australia/Sydney']) {
        const back = fromWallTime(toWallTime(instant, zone), zone)
        // The second pass of a repeated hour reads as its first pass, an hour earlier.
        expect([t, t - 3_600_000]).toContain(back?.getTime())
      }
    }
  })

  it('reads a repeated time as its first pass and a skipped time with the earlier offset', () => {
    // Paris: clocks go back at 03:00 summer time on 25 October 2026, forward at 02:00 on 29 March.
    expect(iso(fromWallTime('2026-10-25T02:30:00', 'Europe/Paris'))).toBe(
      '2026-10-25T00:30:00.000Z',
    )
    expect(iso(fromWallTime('2026-03-29T02:30:00', 'Europe/Paris'))).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    expect(toWallTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Paris')).toBe('2026-03-29T03:30:00')
  })

  it('refuses what is not a date and time', () => {
    for (const bad of [
      '',
      'tomorrow',
      '2026-13-01T00:00',
      '2026-02-30T10:00',
      '2026-01-01T25:00',
    ]) {
      expect(fromWallTime(bad, 'UTC')).toBeNull()
    }
    expect(fromWallTime('2026-01-01T10:00:00Z', 'UTC')).toBeNull()
  })
})
