import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearMemoCaches, memoCacheProbe, memoized, memoizedByKey } from './memo-cache.server'
import { announceChanged } from './cache-keys.server'

let now = 1_000_000
let key = 0
// Each test its own key: the registry is shared by the whole process.
const counter = (
  options: Parameters<typeof memoized<number>>[2] = { ttlMs: 60_000, shows: () => ['front'] },
) => {
  let reads = 0
  const read = memoized(`test-${++key}`, async () => ++reads, options)
  return { read, reads: () => reads }
}

beforeEach(() => {
  // Forward, never back: a write's settling time from an earlier test is long past.
  now += 10_000_000
  memoCacheProbe.setClock(() => now)
  clearMemoCaches()
})
afterEach(() => memoCacheProbe.setClock(() => Date.now()))

describe('memoized', () => {
  it('reads once, shares a running read, and keeps the value until its time to live', async () => {
    const { read, reads } = counter({ ttlMs: 1000, shows: () => [] })
    expect(await Promise.all([read(), read()])).toEqual([1, 1])
    now += 999
    expect(await read()).toBe(1)
    now += 1
    expect(await read()).toBe(2)
    expect(reads()).toBe(2)
  })

  it('ends a value at the expiry it gives, when sooner than its time to live', async () => {
    const { read } = counter({ ttlMs: 60_000, expiresAt: () => now + 10, shows: () => [] })
    expect(await read()).toBe(1)
    now += 9
    expect(await read()).toBe(1)
    now += 1
    expect(await read()).toBe(2)
  })

  it('keeps no failed read', async () => {
    let fail = true
    const read = memoized(
      `test-${++key}`,
      async () => {
        if (fail) throw new Error('down')
        return 'up'
      },
      { ttlMs: 60_000, shows: () => [] },
    )
    await expect(read()).rejects.toThrow('down')
    fail = false
    expect(await read()).toBe('up')
  })

  it('freezes what it shares', async () => {
    const read = memoized(`test-${++key}`, async () => [{ name: 'World' }], {
      ttlMs: 60_000,
      shows: () => [],
    })
    const value = await read()
    expect(Object.isFrozen(value) && Object.isFrozen(value[0])).toBe(true)
  })

  it('forgets everything on a clear', async () => {
    const { read } = counter()
    await read()
    clearMemoCaches()
    expect(await read()).toBe(2)
  })
})

describe('memoizedByKey', () => {
  const keyed = (maxEntries: number) => {
    const reads: string[] = []
    const read = memoizedByKey(
      `test-${++key}`,
      async (slug) => {
        reads.push(slug)
        return slug.startsWith('missing') ? null : { slug }
      },
      {
        ttlMs: 60_000,
        maxEntries,
        keep: (value) => value !== null,
        shows: (value) => (value ? [`page:${value.slug}`] : []),
      },
    )
    return { read, reads }
  }

  it('keeps each key apart, at most maxEntries of them, the least recently used going first', async () => {
    const { read, reads } = keyed(2)
    await read('a')
    await read('b')
    await read('a') // a is now the most recently used
    await read('c') // evicts b
    await read('a')
    await read('c')
    expect(reads).toEqual(['a', 'b', 'c'])
    await read('b')
    expect(reads).toEqual(['a', 'b', 'c', 'b'])
  })

  it('keeps no value it is told not to, and drops only the values that show a changed key', async () => {
    const { read, reads } = keyed(10)
    expect(await read('missing-1')).toBeNull()
    expect(await read('missing-1')).toBeNull()
    await read('a')
    await read('b')
    announceChanged(['page:a'])
    await read('a')
    await read('b')
    announceChanged(['tag:1'])
    await read('a')
    announceChanged(['chrome'])
    await read('b')
    clearMemoCaches()
    await read('a')
    expect(reads).toEqual(['missing-1', 'missing-1', 'a', 'b', 'a', 'b', 'a'])
  })
})

describe('announced changes', () => {
  it('drop a value that shows a changed key, or any value on a change of the chrome', async () => {
    const { read } = counter()
    expect(await read()).toBe(1)
    announceChanged(['article:1', 'tag:2'])
    expect(await read()).toBe(1)
    announceChanged(['front'])
    expect(await read()).toBe(2)
    announceChanged(['chrome'])
    expect(await read()).toBe(3)
  })

  it('keep no value that was loading when a change was announced', async () => {
    let release!: () => void
    let reads = 0
    const read = memoized(
      `test-${++key}`,
      async () => {
        reads++
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve))
        return reads
      },
      { ttlMs: 60_000, shows: () => ['front'] },
    )
    const first = read()
    await Promise.resolve()
    announceChanged(['article:9'])
    release()
    expect(await first).toBe(1)
    expect(await read()).toBe(2)
  })
})
