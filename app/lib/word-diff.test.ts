import { describe, expect, it } from 'vitest'
import { diffWords, type DiffPart } from './word-diff'

function rebuild(parts: DiffPart[], side: 'before' | 'after') {
  const skip = side === 'before' ? 'added' : 'removed'
  return parts
    .filter((p) => p.type !== skip)
    .map((p) => p.text)
    .join(' ')
}

describe('diffWords', () => {
  it('marks a replaced word as removed then added, the rest as shared', () => {
    expect(diffWords('the quick brown fox', 'the slow brown fox')).toEqual([
      { type: 'same', text: 'the' },
      { type: 'removed', text: 'quick' },
      { type: 'added', text: 'slow' },
      { type: 'same', text: 'brown fox' },
    ])
  })

  it('finds insertions and deletions in the middle of a long text', () => {
    const before = 'one two three four five six seven eight nine ten'
    const after = 'one two four five five-and-a-half six seven eight ten eleven'
    const parts = diffWords(before, after)
    expect(rebuild(parts, 'before')).toBe(before)
    expect(rebuild(parts, 'after')).toBe(after)
    expect(parts.filter((p) => p.type === 'removed').map((p) => p.text)).toEqual(['three', 'nine'])
    expect(parts.filter((p) => p.type === 'added').map((p) => p.text)).toEqual([
      'five-and-a-half',
      'eleven',
    ])
  })

  it('treats whitespace changes as no change, and empty sides as whole additions or removals', () => {
    expect(diffWords('a  b\nc', 'a b c')).toEqual([{ type: 'same', text: 'a b c' }])
    expect(diffWords('', 'new text')).toEqual([{ type: 'added', text: 'new text' }])
    expect(diffWords('old text', '')).toEqual([{ type: 'removed', text: 'old text' }])
  })

  it('keeps both sides exact for texts that share little', () => {
    const before = Array.from({ length: 300 }, (_, i) => `w${i % 17}`).join(' ')
    const after = Array.from({ length: 280 }, (_, i) => `w${(i * 7) % 19}`).join(' ')
    const parts = diffWords(before, after)
    expect(rebuild(parts, 'before')).toBe(before)
    expect(rebuild(parts, 'after')).toBe(after)
  })
})
