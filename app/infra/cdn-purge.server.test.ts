import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cdnPurgeFromEnv, createCdnPurge } from './cdn-purge.server'

interface Received {
  method: string
  headers: http.IncomingHttpHeaders
  body: unknown
}

/** A local webhook receiver: records each call and answers as `reply` says. */
let received: Received[] = []
let reply: (res: http.ServerResponse) => void = (res) => res.end('ok')
const releaseStalled: (() => void)[] = []
const receiver = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (chunk) => (raw += chunk))
  req.on('end', () => {
    received.push({ method: req.method!, headers: req.headers, body: JSON.parse(raw || 'null') })
    reply(res)
  })
})
let url = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/purge`
})
afterAll(async () => {
  for (const release of releaseStalled) release()
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})
beforeEach(() => {
  received = []
  reply = (res) => res.end('ok')
})

describe('CDN purge webhook', () => {
  it('POSTs JSON naming the changed keys and the site, with the bearer token', async () => {
    const purge = createCdnPurge({ url, token: 'tok-123', site: 'https://news.example' })
    purge.request(['front', 'article:1'])
    await purge.settled()
    expect(received).toHaveLength(1)
    const [call] = received
    expect(call.method).toBe('POST')
    expect(call.headers['content-type']).toBe('application/json')
    expect(call.headers.authorization).toBe('Bearer tok-123')
    expect(call.body).toMatchObject({ keys: ['article:1', 'front'], site: 'https://news.example' })
    expect(Date.parse((call.body as { at: string }).at)).not.toBeNaN()
    expect(purge.stats).toEqual({ sent: 1, failed: 0 })
  })

  it('sends what is waiting at once when flushed (shutdown), without the rest of its debounce', async () => {
    // A debounce far longer than the test: only the flush can send it.
    const purge = createCdnPurge({ url, site: 'https://news.example', debounceMs: 600_000 })
    purge.request(['live:7'])
    await purge.flush()
    expect(received.map((call) => call.body)).toMatchObject([{ keys: ['live:7'] }])
    await purge.flush()
    expect(received).toHaveLength(1)
  })

  it('sends no authorization header without a token', async () => {
    const purge = createCdnPurge({ url, site: 'https://news.example' })
    purge.request(['article:1'])
    await purge.settled()
    expect(received[0].headers.authorization).toBeUndefined()
  })

  it('a burst of changes makes one call, with every key asked for', async () => {
    const purge = createCdnPurge({ url, site: 's', debounceMs: 50 })
    for (let i = 0; i < 20; i++) purge.request([`article:${i % 3}`])
    await purge.settled()
    expect(received).toHaveLength(1)
    expect((received[0].body as { keys: string[] }).keys).toEqual([
      'article:0',
      'article:1',
      'article:2',
    ])
  })

  it('purges everything only for a change of the chrome', async () => {
    const purge = createCdnPurge({ url, site: 's', debounceMs: 0 })
    purge.request(['chrome', 'article:1'])
    await purge.settled()
    expect(received[0].body).toMatchObject({ keys: 'all' })
  })

  it('a change while a call is on its way is sent once more after it', async () => {
    let answerFirst!: () => void
    reply = (res) => {
      if (received.length === 1) answerFirst = () => res.end('ok')
      else res.end('ok')
    }
    const purge = createCdnPurge({ url, site: 's', debounceMs: 0 })
    purge.request(['article:1'])
    while (received.length === 0) await new Promise((r) => setTimeout(r, 5))
    // The first call is held by the receiver: three more changes make one more call.
    purge.request(['article:1'])
    purge.request(['article:1'])
    purge.request(['article:1'])
    answerFirst()
    await purge.settled()
    expect(received).toHaveLength(2)
    expect(purge.stats).toEqual({ sent: 2, failed: 0 })
  })

  it('a refusal is counted and logged, not thrown', async () => {
    reply = (res) => {
      res.statusCode = 500
      res.end('no')
    }
    const purge = createCdnPurge({ url, site: 's', debounceMs: 0 })
    purge.request(['article:1'])
    await purge.settled()
    expect(purge.stats).toEqual({ sent: 1, failed: 1 })
  })

  it('a receiver that never answers is given up on after the timeout', async () => {
    reply = (res) => releaseStalled.push(() => res.end())
    const purge = createCdnPurge({ url, site: 's', debounceMs: 0, timeoutMs: 200 })
    purge.request(['article:1'])
    await purge.settled()
    expect(received).toHaveLength(1)
    expect(purge.stats).toEqual({ sent: 1, failed: 1 })
  })

  it('an address nothing listens on is counted as a failure', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const purge = createCdnPurge({ url: `http://127.0.0.1:${port}/`, site: 's', debounceMs: 0 })
    purge.request(['article:1'])
    await purge.settled()
    expect(purge.stats).toEqual({ sent: 1, failed: 1 })
  })
})

describe('CDN_PURGE_URL', () => {
  it('unset or empty: no purge', () => {
    expect(cdnPurgeFromEnv('s', {})).toBeUndefined()
    expect(cdnPurgeFromEnv('s', { CDN_PURGE_URL: '' })).toBeUndefined()
  })

  it('set: purges go to it', async () => {
    const purge = cdnPurgeFromEnv('https://site', { CDN_PURGE_URL: url, CDN_PURGE_TOKEN: 't' })
    expect(purge).toBeDefined()
    purge!.request(['article:1'])
    await purge!.settled()
    expect(received[0].headers.authorization).toBe('Bearer t')
  })

  it.each(['not a url', 'ftp://cdn.example/purge'])('%s is refused at start by name', (value) => {
    expect(() => cdnPurgeFromEnv('s', { CDN_PURGE_URL: value })).toThrow(/CDN_PURGE_URL/)
  })

  it('a timeout out of range is refused by name', () => {
    expect(() => cdnPurgeFromEnv('s', { CDN_PURGE_URL: url, CDN_PURGE_TIMEOUT_MS: '5' })).toThrow(
      /CDN_PURGE_TIMEOUT_MS/,
    )
  })
})
