import { describe, it, expect } from 'vitest'
import { readingTimeFromWordCount } from './reading-time'

// Counting the words is the database's job: app/domain/articles/word-count.server.test.ts.

describe('readingTimeFromWordCount', () => {
  it('divides the stored word count by 200, rounding up, never below 1', () => {
    expect(readingTimeFromWordCount(0)).toBe(1)
    expect(readingTimeFromWordCount(200)).toBe(1)
    expect(readingTimeFromWordCount(201)).toBe(2)
    expect(readingTimeFromWordCount(1000)).toBe(5)
    expect(readingTimeFromWordCount(Number.NaN)).toBe(1)
  })

  it('is what a card and the article page say for 400 and 1,001 words', () => {
    expect(readingTimeFromWordCount(400)).toBe(2)
    expect(readingTimeFromWordCount(1001)).toBe(6)
  })
})
