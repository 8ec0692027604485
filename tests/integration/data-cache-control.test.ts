import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestUser, sessionCookie } from '../setup/auth-fixtures'
import { startTestServer, type TestServer } from '../setup/app-server'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = await sessionCookie(await createTestUser({ role: 'author' }))
})

afterAll(async () => {
  await server?.close()
})

describe('single-fetch data answers (.data) are cached like their documents', () => {
  it.each(['/about.data', '/_.data', '/search.data?q=harbour', '/profile.data', '/admin.data'])(
    'signed in, %s is private, no-store',
    async (path) => {
      const response = await server.fetch(path, { headers: { cookie } })
      await response.arrayBuffer()
      expect(response.status).toBeLessThan(500)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    },
  )

  it('the document of the same page says the same', async () => {
    const response = await server.fetch('/about', { headers: { cookie } })
    await response.arrayBuffer()
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  it('an anonymous reader’s public data answer is left as it was (nothing personal in it)', async () => {
    const response = await server.fetch('/about.data')
    await response.arrayBuffer()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control') ?? '').not.toContain('private')
  })
})
