import { describe, expect, it } from 'vitest'
import { serverTimeZone } from './server-time-zone.server'

describe('serverTimeZone', () => {
  it('takes TZ first, as the runtime spells it', () => {
    expect(serverTimeZone('Europe/Paris', 'UTC')).toBe('Europe/Paris')
    expect(serverTimeZone('US/Eastern', 'UTC')).toBe('America/New_York')
  })

  it('falls back on the zone the runtime resolves, then UTC', () => {
    expect(serverTimeZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(serverTimeZone('Not/AZone', 'Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(serverTimeZone('', '')).toBe('UTC')
    // An offset is not a zone: its summer time would be wrong half the year.
    expect(serverTimeZone('+02:00', undefined)).toBe('UTC')
  })
})
