import { describe, expect, it } from 'vitest'
import { formatCount } from './format-count'

describe('formatCount', () => {
  it('separates thousands and names the plural', () => {
    expect(formatCount(1204, 'subscriber')).toBe('1,204 subscribers')
    expect(formatCount(1_000_000, 'recipient')).toBe('1,000,000 recipients')
  })

  it('names one in the singular and none in the plural', () => {
    expect(formatCount(1, 'subscriber')).toBe('1 subscriber')
    expect(formatCount(0, 'subscriber')).toBe('0 subscribers')
    expect(formatCount(2, 'story', 'stories')).toBe('2 stories')
  })
})
