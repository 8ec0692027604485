import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { articles, giftLinks, plans, siteSettings } from '@db/schema/index'
import { giftToken } from '~/domain/membership/gift-links.server'
import { EVERYTHING, announceChanged, onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { insertArticle } from '../setup/content-fixtures'
import { memberSession, readAs } from '../setup/reader-fixtures'

/*
 * The meter and gift links through the whole server with the page cache on (issue 38,
 * decision 0045): a metered or gifted full text is `private, no-store`, never stored, never
 * served to another reader; the stored preview of a gated story exists only while the meter is
 * off and never answers a gift link; pages that do not depend on the meter stay cached hits
 * for readers carrying the meter cookie.
 */

const PREVIEW = 'The harbour board met at dawn'
const SECRET = 'the pelican accord was signed under the pier'
const BODY =
  `<p>${PREVIEW}.</p><p>Second paragraph.</p><p>Third paragraph.</p>` +
  `<p>Behind the wall, ${SECRET}.</p><p>Closing words.</p>`

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let stopListening: () => void
const slugs: string[] = []
let freeSlug: string
let memberCookie: string

async function setMeterMode(meterMode: 'off' | 'meter' | 'registration') {
  const values = {
    id: 1,
    meterMode,
    meterPeriod: 'month',
    meterAnonymousLimit: 2,
    meterRegisteredLimit: 3,
  }
  await getDb()
    .insert(siteSettings)
    .values(values)
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
  announceChanged([EVERYTHING])
}

const get = (path: string, cookie: string | null = null) => readAs(server, pageCache, path, cookie)

const meterPair = (response: Response) =>
  /(?:^|,\s*)(meter=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null

beforeAll(async () => {
  stopListening = onContentChanged((keys) => pageCache.invalidate(keys))
  server = await startTestServer({ pageCache })
  const [plan] = await getDb()
    .insert(plans)
    .values({ slug: 'supporter', name: 'Supporter', monthlyPriceCents: 750 })
    .returning()
  for (let i = 0; i < 4; i++) {
    const row = await insertArticle({ slug: `metered-${i}`, title: `Metered ${i}`, content: BODY })
    await getDb().update(articles).set({ access: 'members' }).where(eq(articles.id, row.id))
    slugs.push(row.slug)
  }
  freeSlug = (await insertArticle({ slug: 'free-story', content: BODY })).slug
  memberCookie = await memberSession(plan.id)
})

beforeEach(async () => {
  await setMeterMode('meter')
})

afterAll(async () => {
  stopListening?.()
  await server?.close()
})

describe('the meter through the server and the page cache', () => {
  it('gives an anonymous reader N stories in full, private and never stored, then the wall', async () => {
    const first = await get(`/article/${slugs[0]}`)
    expect(first.body).toContain(SECRET)
    expect(first.body).toContain('1 of 2 free stories this month')
    expect(first.response.headers.get('cache-control')).toBe('private, no-store')
    expect(first.response.headers.get('surrogate-key')).toBeNull()
    const setCookie = first.response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/meter=v1\./)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    let cookie = meterPair(first.response)
    const second = await get(`/article/${slugs[1]}`, cookie)
    expect(second.body).toContain('2 of 2 free stories this month')
    cookie = meterPair(second.response)
    const third = await get(`/article/${slugs[2]}`, cookie)
    expect(third.body).not.toContain(SECRET)
    expect(third.body).toContain('Subscribe to keep reading')
    expect(third.body).toContain('You have read 2 of 2 free stories this month.')
    expect(third.body).toMatch(
      /Create a free account<\/a>(?:<!-- -->)? to read (?:<!-- -->)?3(?:<!-- -->)? free stories/,
    )
    expect(third.response.headers.get('cache-control')).toBe('private, no-store')
    // Re-reading a counted story is free.
    const again = await get(`/article/${slugs[0]}`, cookie)
    expect(again.body).toContain(SECRET)
    // Another reader, without the cookie, is neither served the spent wall nor anyone's text:
    // their own first free story, drawn for them.
    const stranger = await get(`/article/${slugs[2]}`)
    expect(stranger.response.headers.get('x-cache')).toBeNull()
    expect(stranger.body).toContain(SECRET)
    expect(stranger.body).toContain('1 of 2 free stories this month')
    expect(pageCache.size).toBe(0)
  })

  it('counts a data request too, private, with its cookie', async () => {
    const { response, body } = await get(`/article/${slugs[3]}.data`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(body).toContain(SECRET)
    expect(meterPair(response)).toMatch(/^meter=v1\./)
  })

  it('treats a forged cookie as an empty meter', async () => {
    const { body } = await get(
      `/article/${slugs[2]}`,
      'meter=v1.2026-11-01..AAAAAAAAAAAAAAAAAAAAAA',
    )
    expect(body).toContain('1 of 2 free stories this month')
  })

  it('keeps cached hits for pages that do not depend on the meter, cookie or not', async () => {
    await get(`/article/${freeSlug}`)
    const hit = await get(`/article/${freeSlug}`, 'meter=v1.2026-11-01..AAAAAAAAAAAAAAAAAAAAAA')
    expect(hit.response.headers.get('x-cache')).toBe('HIT')
    expect(hit.response.headers.get('set-cookie')).toBeNull()
  })

  it('stores the preview page of a gated story while the meter is off, and drops it when the meter goes on', async () => {
    await setMeterMode('off')
    const path = `/article/${slugs[0]}`
    await get(path)
    const stored = await get(path)
    expect(stored.response.headers.get('x-cache')).toBe('HIT')
    expect(stored.body).not.toContain(SECRET)
    await setMeterMode('meter')
    const metered = await get(path)
    expect(metered.response.headers.get('x-cache')).toBeNull()
    expect(metered.body).toContain(SECRET)
  })

  it('leaves the registration wall cached and the same for every anonymous reader', async () => {
    await setMeterMode('registration')
    const path = `/article/${slugs[1]}`
    await get(path)
    const hit = await get(path, 'meter=anything')
    expect(hit.response.headers.get('x-cache')).toBe('HIT')
    expect(hit.body).toContain('Sign in or create a free account to keep reading')
    expect(hit.body).not.toContain(SECRET)
  })
})

describe('gift links through the server and the page cache', () => {
  async function makeLink(slug: string) {
    const response = await server.fetch(`/article/${slug}/gift`, {
      method: 'POST',
      headers: { cookie: memberCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    const body = await response.text()
    expect(response.status, body.slice(0, 200)).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const url = /value="([^"]*\?gift=[^"]+)"/.exec(body)?.[1]
    expect(url).toBeDefined()
    return new URL(url!.replace(/&amp;/g, '&')).pathname + new URL(url!).search
  }

  it('shows members "Gift this story" and no one else', async () => {
    await setMeterMode('off')
    const member = await get(`/article/${slugs[0]}`, memberCookie)
    expect(member.body).toContain(`action="/article/${slugs[0]}/gift"`)
    expect(member.body).toContain('Gift this story')
    const anonymous = await get(`/article/${slugs[0]}`)
    expect(anonymous.body).not.toContain('Gift this story')
  })

  it('opens the story for whoever follows the link, never from or into the page cache', async () => {
    await setMeterMode('off')
    const path = `/article/${slugs[1]}`
    await get(path)
    expect((await get(path)).response.headers.get('x-cache')).toBe('HIT')
    const link = await makeLink(slugs[1])
    const gifted = await get(link)
    expect(gifted.response.headers.get('x-cache')).toBeNull()
    expect(gifted.body).toContain(SECRET)
    expect(gifted.response.headers.get('cache-control')).toBe('private, no-store')
    expect(gifted.response.headers.get('referrer-policy')).toBe('no-referrer')
    const data = await get(`${path}.data${new URL(link, 'http://x').search}`)
    expect(data.body).toContain(SECRET)
    expect(data.response.headers.get('cache-control')).toBe('private, no-store')
    // The next anonymous reader still gets the stored preview, not the gift.
    const next = await get(path)
    expect(next.response.headers.get('x-cache')).toBe('HIT')
    expect(next.body).not.toContain(SECRET)
    const id = Number.parseInt(
      new URL(link, 'http://x').searchParams.get('gift')!.split('.')[0],
      36,
    )
    const [row] = await getDb().select().from(giftLinks).where(eq(giftLinks.id, id))
    expect(row.opens).toBe(2)
  })

  it('answers an expired, forged or tampered link with the wall, never an error page', async () => {
    await setMeterMode('off')
    const link = await makeLink(slugs[2])
    const token = new URL(link, 'http://x').searchParams.get('gift')!
    const id = Number.parseInt(token.split('.')[0], 36)
    const past = new Date(Date.now() - 60_000)
    await getDb().update(giftLinks).set({ expiresAt: past }).where(eq(giftLinks.id, id))
    const expired = await get(`/article/${slugs[2]}?gift=${giftToken(id, past)}`)
    expect(expired.response.status).toBe(200)
    expect(expired.body).toContain('This gift link has expired')
    expect(expired.body).toContain('Subscribe to keep reading')
    expect(expired.body).not.toContain(SECRET)
    expect(expired.response.headers.get('cache-control')).toBe('private, no-store')
    for (const bad of [`${token}x`, token.replace(/^[0-9a-z]+/, 'zz'), 'forged']) {
      const answer = await get(`/article/${slugs[2]}?gift=${bad}`)
      expect(answer.response.status, bad).toBe(200)
      expect(answer.body, bad).toContain('Subscribe to keep reading')
      expect(answer.body, bad).not.toContain(SECRET)
      expect(answer.body, bad).not.toContain('This gift link has expired')
    }
  })

  it('says so past ten links a month', async () => {
    // Two made above; eight more make ten.
    for (let i = 0; i < 8; i++) await makeLink(slugs[3])
    const response = await server.fetch(`/article/${slugs[3]}/gift`, {
      method: 'POST',
      headers: { cookie: memberCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    })
    expect(response.status).toBe(429)
    expect(await response.text()).toContain('You have made 10 gift links this month')
  })
})
