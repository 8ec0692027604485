import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { resetEnvCache } from '~/infra/env.server'
import { createApp } from '../../server/app'
import { resourceRouteBuild } from '../setup/resource-route-build'

/**
 * A one-route build whose resource route answers with the load context, so the test sees the
 * client address exactly as loaders and actions (and through them the rate limits) see it.
 */
function contextEchoBuild() {
  const echo = ({ context }: { context: unknown }) => Response.json(context)
  return resourceRouteBuild({ echo: { loader: echo, action: echo } })
}

let close = () => {}
afterEach(() => {
  close()
  delete process.env.TRUST_PROXY
  resetEnvCache()
})

async function start(trustProxy: number) {
  process.env.TRUST_PROXY = String(trustProxy)
  resetEnvCache()
  const app = createApp({ mode: 'production', getBuild: () => contextEchoBuild() })
  return new Promise<string>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    )
    close = () => server.close()
  })
}

async function clientIp(base: string, forwardedFor?: string) {
  const res = await fetch(`${base}/echo`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { clientIp: string }).clientIp
}

describe('the client address handed to loaders and actions', () => {
  it('is the socket peer, whatever X-Forwarded-For says, when no proxy is trusted', async () => {
    const base = await start(0)
    const seen = new Set<string>()
    for (const forwarded of [undefined, '203.0.113.1', '203.0.113.2, 198.51.100.9']) {
      seen.add(await clientIp(base, forwarded))
    }
    expect([...seen].map((ip) => ip.replace(/^::ffff:/, ''))).toEqual(['127.0.0.1'])
  })

  it('takes one hop from X-Forwarded-For with TRUST_PROXY=1, never a client-chosen one', async () => {
    const base = await start(1)
    // The proxy appends the address it saw; anything the client put before it is ignored.
    expect(await clientIp(base, '198.51.100.7')).toBe('198.51.100.7')
    expect(await clientIp(base, '203.0.113.66, 198.51.100.7')).toBe('198.51.100.7')
  })
})
