import { describe, expect, it } from 'vitest'
import { KeptValues } from './kept-values'

describe('KeptValues', () => {
  it('makes a value once per key and lets the least recently used go first', () => {
    const made: string[] = []
    const kept = new KeptValues<string>(2)
    const get = (key: string) => kept.get(key, () => (made.push(key), key.toUpperCase()))
    expect(get('a')).toBe('A')
    expect(get('b')).toBe('B')
    expect(get('a')).toBe('A') // a used again: b is now the oldest
    expect(get('c')).toBe('C') // b goes
    expect(get('a')).toBe('A')
    expect(get('b')).toBe('B') // made again
    expect(made).toEqual(['a', 'b', 'c', 'b'])
  })
})
