import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from './cursor'

describe('article cursor', () => {
  it('reads back what it wrote, microseconds included', () => {
    const cursor = { at: '2026-11-28T19:00:00.123456Z', id: 42 }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
  })

  it('refuses what it did not write', () => {
    for (const text of [
      '',
      'not-base64!',
      Buffer.from('{}').toString('base64url'),
      Buffer.from('["2026-11-28T19:00:00Z", -1]').toString('base64url'),
      Buffer.from('["yesterday", 4]').toString('base64url'),
      Buffer.from('["2026-11-28T19:00:00Z", 4, 5]').toString('base64url'),
    ]) {
      expect(decodeCursor(text)).toBeNull()
    }
  })
})
