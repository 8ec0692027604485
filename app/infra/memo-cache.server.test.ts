import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  clearMemoCaches,
  memoCacheProbe,
  memoized,
  memoizedByKey,
  noteDatabaseStatement,
} from './memo-cache.server'

let now = 1_000_000
let key = 0
// Each test its own key: the registry is shared by the whole process.
const counter = (options: Parameters<typeof memoized<number>>[2] = { ttlMs: 60_000 }) => {
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
    const { read, reads } = counter({ ttlMs: 1000 })
    expect(await Promise.all([read(), read()])).toEqual([1, 1])
    now += 999
    expect(await read()).toBe(1)
    now += 1
    expect(await read()).toBe(2)
    expect(reads()).toBe(2)
  })

  it('ends a value at the expiry it gives, when sooner than its time to live', async () => {
    const { read } = counter({ ttlMs: 60_000, expiresAt: () => now + 10 })
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
      { ttlMs: 60_000 },
    )
    await expect(read()).rejects.toThrow('down')
    fail = false
    expect(await read()).toBe('up')
  })

  it('freezes what it shares', async () => {
    const read = memoized(`test-${++key}`, async () => [{ name: 'World' }], { ttlMs: 60_000 })
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
      { ttlMs: 60_000, maxEntries, keep: (value) => value !== null },
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

  it('keeps no value it is told not to, and forgets all on a clear or a write', async () => {
    const { read, reads } = keyed(10)
    expect(await read('missing-1')).toBeNull()
    expect(await read('missing-1')).toBeNull()
    await read('a')
    clearMemoCaches()
    await read('a')
    now += 2000
    await read('a')
    noteDatabaseStatement('update "articles" set "title" = $1')
    now += 2000
    await read('a')
    expect(reads).toEqual(['missing-1', 'missing-1', 'a', 'a', 'a'])
  })
})

describe('noteDatabaseStatement', () => {
  it('clears on a write or a schema change, not on a read or a counter', async () => {
    const { read } = counter()
    expect(await read()).toBe(1)
    noteDatabaseStatement('select "id" from "categories"')
    noteDatabaseStatement('insert into "article_views" ("article_id") values ($1)')
    noteDatabaseStatement('delete from "sessions" where "id" = $1')
    noteDatabaseStatement('with "recent" as (select "id" from "articles") select * from "recent"')
    now += 5000
    expect(await read()).toBe(1)
    noteDatabaseStatement('with "gone" as (delete from "tags" returning "id") select 1')
    now += 5000
    expect(await read()).toBe(2)
    clearMemoCaches()
    expect(await read()).toBe(3)
    noteDatabaseStatement('update "site_settings" set "logo_text" = $1')
    now += 5000
    expect(await read()).toBe(4)
    noteDatabaseStatement('alter table "categories" rename to "categories_gone"')
    now += 5000
    expect(await read()).toBe(5)
  })

  it('keeps no value read just after a write, which may not have committed yet', async () => {
    const { read } = counter()
    noteDatabaseStatement('update "categories" set "name" = $1')
    expect(await read()).toBe(1)
    expect(await read()).toBe(2)
    now += 1000
    expect(await read()).toBe(3)
    expect(await read()).toBe(3)
  })
})
