import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { getStorage } from '~/infra/storage.server'
import { createTestUser, requestAs, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, signedInCallers } from '../../tests/setup/admin-fixtures'
import { startOEmbedStandIn, type OEmbedStandIn } from '../../tests/setup/oembed-stand-in'
import { action, loader } from './admin.api.embeds'

// Issue 40: an embed is looked up once, at insert time, through the providers' oEmbed (here a
// stand-in on 127.0.0.1, reached through EMBED_OEMBED_ORIGIN and allowed by
// EMBED_FETCH_ALLOW_PRIVATE); its picture is stored in our media library; anything that goes
// wrong gives a card from the address alone, never an error to the writer.

let standIn: OEmbedStandIn
let callers: Awaited<ReturnType<typeof signedInCallers>>
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'

beforeAll(async () => {
  standIn = await startOEmbedStandIn()
  callers = await signedInCallers()
})

afterAll(() => standIn.close())

beforeEach(async () => {
  standIn.requests.length = 0
  process.env.EMBED_OEMBED_ORIGIN = standIn.origin
  process.env.EMBED_FETCH_ALLOW_PRIVATE = '1'
  resetEnvCache()
  await getDb().delete(mediaFiles)
})

afterEach(() => {
  delete process.env.EMBED_OEMBED_ORIGIN
  delete process.env.EMBED_FETCH_ALLOW_PRIVATE
  resetEnvCache()
})

async function lookUp(url: string, cookie: string | null = callers.admin.cookie) {
  const body = new FormData()
  body.set('url', url)
  const response = await callRoute(
    action,
    requestAs(cookie, '/admin/api/embeds', { method: 'POST', body }),
  )
  return { status: response.status, body: await response.json() }
}

describe('/admin/api/embeds', () => {
  it('describes a provider page from its oEmbed and keeps its picture in our media', async () => {
    const { status, body } = await lookUp(VIDEO)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      ok: true,
      described: true,
      block: {
        provider: 'youtube',
        url: VIDEO,
        title: `About ${VIDEO}`,
        author: 'Stand-in Author',
      },
    })
    expect(standIn.requests[0]).toBe(`/oembed?url=${encodeURIComponent(VIDEO)}&format=json`)
    expect(standIn.requests).toContain('/thumbnail.png')
    const name = /^\/media\/media\/(.+)$/.exec(body.block.thumbnail)?.[1]
    expect(name).toBeDefined()
    expect(await getStorage().stat('media', name!)).not.toBeNull()
    const [row] = await getDb().select().from(mediaFiles).where(eq(mediaFiles.name, name!))
    expect(row.uploadedBy).toBe(callers.admin.id)
  })

  it("asks each provider's own endpoint path (Mastodon on its server's)", async () => {
    await lookUp('https://mastodon.social/@someone/111222333444555666')
    await lookUp('https://vimeo.com/76979871')
    expect(standIn.requests.filter((r) => !r.startsWith('/thumbnail'))).toEqual([
      `/api/oembed?url=${encodeURIComponent('https://mastodon.social/@someone/111222333444555666')}&format=json`,
      `/api/oembed.json?url=${encodeURIComponent('https://vimeo.com/76979871')}&format=json`,
    ])
  })

  it("stores a Bluesky post under its author's DID, which its frame needs", async () => {
    const { body } = await lookUp('https://bsky.app/profile/someone.example/post/3kabcdefghijk')
    expect(body.block).toMatchObject({
      provider: 'bluesky',
      url: 'https://bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx/post/3kabcdefghijk',
    })
  })

  it('gives a link card from the address alone for a site no provider owns, asking nothing', async () => {
    const { status, body } = await lookUp('https://news.example/a-story')
    expect(status).toBe(200)
    expect(body).toEqual({
      ok: true,
      described: false,
      block: {
        provider: 'link',
        url: 'https://news.example/a-story',
        title: '',
        author: '',
        thumbnail: '',
      },
    })
    expect(standIn.requests).toEqual([])
  })

  it('falls back to the address alone when the oEmbed fails, is not JSON, or is offline', async () => {
    for (const url of [
      'https://www.youtube.com/watch?v=notfound123',
      'https://vimeo.com/12345?garbled',
    ]) {
      const { status, body } = await lookUp(url.replace('notfound123', 'not-found00'))
      expect(status).toBe(200)
      expect(body).toMatchObject({
        ok: true,
        described: false,
        block: { title: '', thumbnail: '' },
      })
    }
    await standIn.close()
    try {
      const { body } = await lookUp(VIDEO)
      expect(body).toMatchObject({ ok: true, described: false, block: { provider: 'youtube' } })
    } finally {
      standIn = await startOEmbedStandIn(Number(new URL(standIn.origin).port))
    }
    expect(await getDb().select().from(mediaFiles)).toHaveLength(0)
  })

  it('keeps the block but no picture when the oEmbed names none', async () => {
    const url = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?no-picture'
    const { body } = await lookUp(url)
    expect(body).toMatchObject({ described: true, block: { provider: 'spotify', thumbnail: '' } })
  })

  it('refuses private and loopback addresses unless EMBED_FETCH_ALLOW_PRIVATE is set', async () => {
    delete process.env.EMBED_FETCH_ALLOW_PRIVATE
    resetEnvCache()
    const { status, body } = await lookUp(VIDEO)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      ok: true,
      described: false,
      block: { provider: 'youtube', title: '' },
    })
    expect(standIn.requests).toEqual([])
  })

  it('answers 400 with a field error for what is not a web address', async () => {
    for (const url of [
      'javascript:alert(1)',
      'not an address',
      '',
      `https://x.example/${'a'.repeat(2100)}`,
    ]) {
      const { status, body } = await lookUp(url)
      expect(status).toBe(400)
      expect(body.fieldErrors.url).toBeDefined()
    }
    expect(standIn.requests).toEqual([])
  })

  it('is for staff: 401 anonymous, 403 for a reader, 405 for a GET', async () => {
    expect((await lookUp(VIDEO, null)).status).toBe(401)
    expect((await lookUp(VIDEO, callers.viewer.cookie)).status).toBe(403)
    const contributor = await createTestUser({ role: 'contributor' })
    expect((await lookUp('https://news.example/x', await sessionCookie(contributor))).status).toBe(
      200,
    )
    const get = await callRoute(loader, requestAs(callers.admin.cookie, '/admin/api/embeds'))
    expect(get.status).toBe(405)
  })
})
