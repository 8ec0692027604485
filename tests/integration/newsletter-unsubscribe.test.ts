import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterLists, newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { newPreferencesToken } from '~/domain/newsletter/preferences.server'
import { unsubscribeToken } from '~/domain/newsletter/unsubscribe-token.server'
import { getDb } from '~/infra/db.server'
import { startTestServer, type TestServer } from '../setup/app-server'

// RFC 8058 over HTTP, through the whole server (input checks, CSRF, React Router): a mail
// provider's POST carries no cookie, no CSRF token, maybe a foreign Origin.

let server: TestServer
let seq = 0

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server?.close()
})

async function subscribed({ preferencesToken }: { preferencesToken?: string } = {}) {
  seq++
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug: `alerts-${seq}`, name: `Alerts ${seq}`, kind: 'alert' })
    .returning()
  const [reader] = await getDb()
    .insert(newsletterSubscribers)
    .values({
      email: `one-click-${seq}@example.test`,
      confirmToken: `t-${seq}`,
      confirmedAt: new Date(),
      preferencesToken,
    })
    .returning()
  await getDb().insert(newsletterSubscriptions).values({ subscriberId: reader.id, listId: list.id })
  const token = unsubscribeToken({ subscriberId: reader.id, listId: list.id })
  const stillSubscribed = async () =>
    (
      await getDb()
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.subscriberId, reader.id))
    ).length === 1
  return { list, reader, token, stillSubscribed }
}

function multipart(fields: Record<string, string>) {
  const boundary = '----one-click-boundary'
  const body =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

describe('POST /newsletter/unsubscribe (one-click)', () => {
  it('form-encoded, from another site, no cookie: 200, off the list, and 200 again', async () => {
    const { token, stillSubscribed } = await subscribed()
    for (let i = 0; i < 2; i++) {
      const response = await server.fetch(`/newsletter/unsubscribe?t=${token}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://mail.example.com',
        },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('You have been unsubscribed from')
      expect(await stillSubscribed()).toBe(false)
    }
  })

  it('multipart: 200 and off the list, twice', async () => {
    const { token, stillSubscribed } = await subscribed()
    const { body, type } = multipart({ 'List-Unsubscribe': 'One-Click' })
    for (let i = 0; i < 2; i++) {
      const response = await server.fetch(`/newsletter/unsubscribe?t=${token}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      })
      await response.arrayBuffer()
      expect(response.status).toBe(200)
    }
    expect(await stillSubscribed()).toBe(false)
  })

  it('refuses a forged token and a body without List-Unsubscribe=One-Click', async () => {
    const { token, stillSubscribed } = await subscribed()
    const forged = await server.fetch(`/newsletter/unsubscribe?t=${token.slice(0, -3)}abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    await forged.arrayBuffer()
    expect(forged.status).toBe(400)
    const bare = await server.fetch(`/newsletter/unsubscribe?t=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'something=else',
    })
    await bare.arrayBuffer()
    expect(bare.status).toBe(400)
    expect(await stillSubscribed()).toBe(true)
  })

  it('leaves the cross-site check in place for every other form', async () => {
    const response = await server.fetch('/newsletter/preferences', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
      },
      body: 'x=1',
    })
    await response.arrayBuffer()
    expect(response.status).toBe(403)
  })
})

describe('GET /newsletter/unsubscribe', () => {
  it('shows a button and unsubscribes nobody, however often it is opened', async () => {
    const { list, token, stillSubscribed } = await subscribed()
    for (let i = 0; i < 2; i++) {
      const response = await server.fetch(`/newsletter/unsubscribe?t=${token}`)
      const html = await response.text()
      expect(response.status).toBe(200)
      expect(html).toContain(`Press the button to stop receiving ${list.name}.`)
      expect(html).toContain('name="List-Unsubscribe" value="One-Click"')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    }
    expect(await stillSubscribed()).toBe(true)
  })

  it('links the reader to their preferences page, as the foot of their mails does', async () => {
    const key = newPreferencesToken()
    const { token } = await subscribed({ preferencesToken: key })
    const html = await (await server.fetch(`/newsletter/unsubscribe?t=${token}`)).text()
    expect(html).toMatch(
      new RegExp(`<a href="/newsletter/preferences\\?t=${key}"[^>]*>Manage your newsletters</a>`),
    )
    // And still there once the button is pressed.
    const done = await server.fetch(`/newsletter/unsubscribe?t=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    const after = await done.text()
    expect(after).toContain('You have been unsubscribed from')
    expect(after).toContain(`href="/newsletter/preferences?t=${key}"`)
  })

  it('gives a subscriber from before the preferences key one, and links it', async () => {
    const { reader, token } = await subscribed()
    const html = await (await server.fetch(`/newsletter/unsubscribe?t=${token}`)).text()
    const [row] = await getDb()
      .select({ key: newsletterSubscribers.preferencesToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, reader.id))
    expect(row.key).toMatch(/^[\w-]{43}$/)
    expect(html).toContain(`href="/newsletter/preferences?t=${row.key}"`)
  })

  it('names no page for a link that is not valid', async () => {
    const html = await (await server.fetch('/newsletter/unsubscribe?t=forged')).text()
    expect(html).toContain('This unsubscribe link is not valid.')
    expect(html).not.toContain('href="/newsletter/preferences')
    expect(html).toContain('link at the foot of any of our newsletters')
  })
})
