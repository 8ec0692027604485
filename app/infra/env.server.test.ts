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

describe('operator settings', () => {
  const keys = [
    'DRAIN_TIMEOUT',
    'METRICS_ALLOW',
    'METRICS_TOKEN',
    'DATABASE_CONNECT_TIMEOUT',
    'VARNISH_URL',
    'VARNISH_PURGE',
  ]
  const before = Object.fromEntries(keys.map((key) => [key, process.env[key]]))
  afterEach(() => {
    for (const key of keys) {
      if (before[key] === undefined) delete process.env[key]
      else process.env[key] = before[key]
    }
    resetEnvCache()
  })
  const read = (values: Record<string, string | undefined>) => {
    for (const key of keys) delete process.env[key]
    Object.assign(process.env, values)
    resetEnvCache()
    return getEnv()
  }

  it('drains 10 s, waits 3 s for a connection, and opens /metrics to no one unless told', () => {
    const env = read({})
    expect(env.DRAIN_TIMEOUT).toBe(10)
    expect(env.DATABASE_CONNECT_TIMEOUT).toBe(3)
    expect(env.METRICS_ALLOW).toEqual([])
    expect(env.METRICS_TOKEN).toBeUndefined()
  })

  it('reads a list of addresses, and refuses a token too short to guess at', () => {
    expect(read({ METRICS_ALLOW: '127.0.0.1, ::1,,10.0.0.5 ' }).METRICS_ALLOW).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.5',
    ])
    expect(() => read({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(() => read({ DRAIN_TIMEOUT: 'soon' })).toThrow(/DRAIN_TIMEOUT/)
  })

  it('reads the Varnish addresses, and refuses one that is not an http:// origin', () => {
    expect(read({}).VARNISH_URL).toEqual([])
    expect(
      read({ VARNISH_URL: 'http://127.0.0.1:6081, http://10.0.0.5:6081/' }).VARNISH_URL,
    ).toEqual(['http://127.0.0.1:6081', 'http://10.0.0.5:6081/'])
    expect(() => read({ VARNISH_URL: '127.0.0.1:6081' })).toThrow(/VARNISH_URL.*http:\/\//s)
    expect(() => read({ VARNISH_URL: 'http://127.0.0.1:6081/purge' })).toThrow(/VARNISH_URL/)
    expect(read({}).VARNISH_PURGE).toBe('soft')
    expect(read({ VARNISH_PURGE: 'hard' }).VARNISH_PURGE).toBe('hard')
    expect(() => read({ VARNISH_PURGE: 'all' })).toThrow(/VARNISH_PURGE/)
  })
})
