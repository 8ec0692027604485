import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '@db/schema/index'
import { newPreferencesToken } from '~/domain/newsletter/preferences.server'
import { getDb } from '~/infra/db.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'

// The newsletter pages whose address carries a token (the confirmation link, the preferences
// link): no cache may keep them, the server's own page cache included, and the browser refers
// their address to no other site.
let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })

beforeAll(async () => {
  server = await startTestServer({ pageCache })
})
afterAll(() => server?.close())

async function twice(path: string, expectText: string) {
  for (let i = 0; i < 2; i += 1) {
    const response = await server.fetch(path)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(expectText)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    // The second is drawn again, not a stored copy.
    expect(response.headers.get('x-cache')).toBeNull()
    await pageCache.settled()
  }
}

describe('pages with a token in their address', () => {
  it('/newsletter/confirm: private, no-store, no-referrer, and never served from the page cache', async () => {
    const before = pageCache.hits
    await twice(`/newsletter/confirm?token=${'t'.repeat(43)}`, 'Confirm subscription')
    expect(pageCache.hits).toBe(before)
    expect(pageCache.size).toBe(0)
  })

  it('/newsletter/confirm answers its data request (a client-side visit) the same way', async () => {
    const response = await server.fetch(`/newsletter/confirm.data?token=${'d'.repeat(43)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('/newsletter/preferences: the same headers, from the same place', async () => {
    const token = newPreferencesToken()
    await getDb().insert(newsletterSubscribers).values({
      email: 'token-page@example.com',
      confirmToken: 'x',
      confirmedAt: new Date(),
      preferencesToken: token,
    })
    const [hits, size] = [pageCache.hits, pageCache.size]
    await twice(`/newsletter/preferences?t=${token}`, 'token-page@example.com')
    expect([pageCache.hits, pageCache.size]).toEqual([hits, size])
  })
})
