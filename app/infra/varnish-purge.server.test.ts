import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createVarnishPurge } from './varnish-purge.server'

interface Received {
  varnish: string
  method: string
  url: string
  xkey: string | undefined
  soft: string | undefined
}

/**
 * Two stand-ins for Varnish on 127.0.0.1, answering as `reply` says (the real one, with
 * deploy/varnish/broadsheet.vcl, is run by tests/multi-instance/varnish.test.ts).
 */
let received: Received[] = []
let reply: (name: string, res: http.ServerResponse) => void = (_, res) => res.end('Purged 1')
function standIn(name: string) {
  return http.createServer((req, res) => {
    received.push({
      varnish: name,
      method: req.method!,
      url: req.url!,
      xkey: req.headers.xkey as string | undefined,
      soft: req.headers['xkey-softpurge'] as string | undefined,
    })
    req.resume()
    req.on('end', () => reply(name, res))
  })
}
const first = standIn('first')
const second = standIn('second')
const addresses: string[] = []

beforeAll(async () => {
  for (const server of [first, second]) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    addresses.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  }
})
afterAll(async () => {
  for (const server of [first, second]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})
beforeEach(() => {
  received = []
  reply = (_, res) => res.end('Purged 1')
})

describe('Varnish purge (VARNISH_URL)', () => {
  it('sends PURGE with the keys in an xkey-softpurge header to every address', async () => {
    const purge = createVarnishPurge({ addresses, debounceMs: 0 })
    purge.request(['front', 'article:42', 'category:3'])
    await purge.settled()
    expect(received.map((r) => r.varnish).sort()).toEqual(['first', 'second'])
    for (const call of received) {
      expect(call.method).toBe('PURGE')
      expect(call.url).toBe('/')
      expect(call.soft).toBe('article:42 category:3 front')
      expect(call.xkey).toBeUndefined()
    }
    expect(purge.stats).toEqual({ sent: 1, failed: 0 })
  })

  it('hard mode sends the keys in an xkey header (gone at once)', async () => {
    const purge = createVarnishPurge({
      addresses: addresses.slice(0, 1),
      mode: 'hard',
      debounceMs: 0,
    })
    purge.request(['article:7'])
    await purge.settled()
    expect(received).toEqual([
      { varnish: 'first', method: 'PURGE', url: '/', xkey: 'article:7', soft: undefined },
    ])
  })

  it('a change of the chrome is the key chrome, not a purge of everything', async () => {
    const purge = createVarnishPurge({ addresses: addresses.slice(0, 1), debounceMs: 0 })
    purge.request(['chrome', 'front'])
    await purge.settled()
    expect(received).toHaveLength(1)
    expect(received[0].soft).toBe('chrome front')
  })

  it('a burst of changes makes one purge per address, with every key', async () => {
    const purge = createVarnishPurge({ addresses, debounceMs: 50 })
    for (let i = 0; i < 12; i++) purge.request([`article:${i % 3}`, 'breaking'])
    await purge.settled()
    expect(received).toHaveLength(2)
    expect(received[0].soft).toBe('article:0 article:1 article:2 breaking')
  })

  it('a Varnish that refuses (not in its purgers ACL) is counted as a failure, not thrown', async () => {
    reply = (name, res) => {
      res.statusCode = name === 'second' ? 403 : 200
      res.end()
    }
    const purge = createVarnishPurge({ addresses, debounceMs: 0 })
    purge.request(['article:1'])
    await purge.settled()
    // The first still purged: one refusal does not keep the others' pages.
    expect(received).toHaveLength(2)
    expect(purge.stats).toEqual({ sent: 1, failed: 1 })
  })

  it('an address nothing listens on, or one that never answers, is given up on', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const held: (() => void)[] = []
    reply = (_, res) => held.push(() => res.end())
    const purge = createVarnishPurge({
      addresses: [`http://127.0.0.1:${port}`, addresses[0]],
      debounceMs: 0,
      timeoutMs: 200,
    })
    purge.request(['article:1'])
    await purge.settled()
    for (const release of held) release()
    expect(received).toHaveLength(1)
    expect(purge.stats).toEqual({ sent: 1, failed: 1 })
  })
})
