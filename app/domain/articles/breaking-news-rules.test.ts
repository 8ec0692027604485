import { describe, expect, it } from 'vitest'
import { breakingExpiry, isStillBreaking, keepLonger, refuseKeepUntil } from './breaking-news-rules'

const at = (iso: string) => new Date(iso)
const published = at('2025-03-01T08:00:00Z')

describe('breakingExpiry', () => {
  it('is publication plus the site’s hours', () => {
    expect(breakingExpiry({ publishedAt: published, breakingUntil: null }, 12)).toEqual(
      at('2025-03-01T20:00:00Z'),
    )
    expect(breakingExpiry({ publishedAt: published, breakingUntil: null }, 1)).toEqual(
      at('2025-03-01T09:00:00Z'),
    )
  })

  it('is the editor’s time when one is set, earlier or later', () => {
    const later = at('2025-03-03T08:00:00Z')
    const earlier = at('2025-03-01T10:00:00Z')
    expect(breakingExpiry({ publishedAt: published, breakingUntil: later }, 12)).toEqual(later)
    expect(breakingExpiry({ publishedAt: published, breakingUntil: earlier }, 12)).toEqual(earlier)
  })

  it('is none for an unpublished article without a chosen time', () => {
    expect(breakingExpiry({ publishedAt: null, breakingUntil: null }, 12)).toBeNull()
  })
})

describe('isStillBreaking', () => {
  it('holds until the expiry, not at it', () => {
    const item = { publishedAt: published, breakingUntil: null }
    expect(isStillBreaking(item, 12, at('2025-03-01T19:59:59Z'))).toBe(true)
    expect(isStillBreaking(item, 12, at('2025-03-01T20:00:00Z'))).toBe(false)
    expect(isStillBreaking({ publishedAt: null, breakingUntil: null }, 12, published)).toBe(false)
  })
})

describe('keepLonger', () => {
  it('adds the hours to the expiry while it is ahead, else to now', () => {
    const now = at('2025-03-01T12:00:00Z')
    expect(keepLonger(at('2025-03-01T20:00:00Z'), 12, now)).toEqual(at('2025-03-02T08:00:00Z'))
    expect(keepLonger(at('2025-03-01T09:00:00Z'), 12, now)).toEqual(at('2025-03-02T00:00:00Z'))
    expect(keepLonger(null, 6, now)).toEqual(at('2025-03-01T18:00:00Z'))
  })
})

describe('refuseKeepUntil', () => {
  const now = at('2025-03-01T12:00:00Z')
  it('takes a future time up to a week ahead', () => {
    expect(refuseKeepUntil(at('2025-03-01T12:00:01Z'), now)).toBeNull()
    expect(refuseKeepUntil(at('2025-03-08T12:00:00Z'), now)).toBeNull()
  })
  it('refuses the past and beyond a week', () => {
    expect(refuseKeepUntil(now, now)).toBe('Choose a time in the future')
    expect(refuseKeepUntil(at('2025-03-08T12:00:01Z'), now)).toMatch(/at most 7 days/)
  })
})
