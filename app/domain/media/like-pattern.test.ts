import { describe, expect, it } from 'vitest'
import { containsPattern } from './like-pattern'

describe('containsPattern', () => {
  it('wraps the text in wildcards', () => {
    expect(containsPattern('harbour')).toBe('%harbour%')
  })

  it('takes %, _ and the backslash literally', () => {
    expect(containsPattern('50%')).toBe('%50\\%%')
    expect(containsPattern('a_b')).toBe('%a\\_b%')
    expect(containsPattern('C:\\x')).toBe('%C:\\\\x%')
  })
})
