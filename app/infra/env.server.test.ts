import { afterEach, describe, expect, it } from 'vitest'
import { getEnv, resetEnvCache } from './env.server'

const saved = process.env.PAGE_CACHE_MAX_BYTES
afterEach(() => {
  if (saved === undefined) delete process.env.PAGE_CACHE_MAX_BYTES
  else process.env.PAGE_CACHE_MAX_BYTES = saved
  resetEnvCache()
})

function maxBytes(value: string | undefined) {
  if (value === undefined) delete process.env.PAGE_CACHE_MAX_BYTES
  else process.env.PAGE_CACHE_MAX_BYTES = value
  resetEnvCache()
  return getEnv().PAGE_CACHE_MAX_BYTES
}

describe('PAGE_CACHE_MAX_BYTES', () => {
  it('is 32 MiB unless set', () => {
    expect(maxBytes(undefined)).toBe(32 * 1024 * 1024)
  })

  it('reads bytes or PostgreSQL-style units', () => {
    expect(maxBytes('1000')).toBe(1000)
    expect(maxBytes('512kB')).toBe(512 * 1024)
    expect(maxBytes('64MB')).toBe(64 * 1024 * 1024)
    expect(maxBytes('1GB')).toBe(1024 ** 3)
  })

  it('stops the start on a size it cannot read', () => {
    expect(() => maxBytes('lots')).toThrow(/PAGE_CACHE_MAX_BYTES/)
    expect(() => maxBytes('32 mb')).toThrow(/PAGE_CACHE_MAX_BYTES/)
  })
})
