import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, entitlements, sessions, siteSettings } from '@db/schema/index'
import { ARTICLE_READER_PAGES } from '~/domain/articles/article-reader-pages.server'
import { EVERYTHING, announceChanged, onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { createToastHeaders } from '~/infra/toast.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { insertArticle } from '../setup/content-fixtures'
import {
  createReaders,
  memberSession,
  readAs,
  READER_KINDS,
  type ReaderCookies,
  type ReaderKind,
} from '../setup/reader-fixtures'

/*
 * Article pages kept per kind of reader (decision 0046), through the whole server with the page
 * cache as server/start.ts makes it: a signed-in reader's second read of a story is a kept copy,
 * and every read, kept or drawn, still follows the one access rule: the text after the preview
 * only for a reader with access, never a copy meant for another kind of reader.
 */

const PREVIEW = 'The harbour board met at dawn'
const SECRET = 'the pelican accord was signed in the boathouse'
const BODY =
  `<p>${PREVIEW}.</p><p>Second paragraph of the preview.</p><p>Third paragraph of the preview.</p>` +
  `<p>Behind the wall, ${SECRET}.</p><p>Last words.</p>`

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024, readerPages: ARTICLE_READER_PAGES })
let cookies: ReaderCookies
let ourPlanId: number
let stopListening: () => void
const slugs = { members: '', registered: '', free: '', other: '' }

const get = (path: string, cookie: string | null) => readAs(server, pageCache, path, cookie)

async function setMeter(meterMode: 'off' | 'meter') {
  const values = { id: 1, meterMode, meterPeriod: 'month', meterAnonymousLimit: 1 }
  await getDb()
    .insert(siteSettings)
    .values(values)
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
  announceChanged([EVERYTHING])
}

beforeAll(async () => {
  // As server/start.ts wires it: an announced change drops the pages that show it.
  stopListening = onContentChanged((keys) => pageCache.invalidate(keys))
  server = await startTestServer({ pageCache })
  const readers = await createReaders(
    { slug: 'harbour', name: 'Harbour', monthlyPriceCents: 600 },
    { slug: 'lighthouse', name: 'Lighthouse', monthlyPriceCents: 1200 },
    { memberEndsTomorrow: false },
  )
  cookies = readers.cookies
  ourPlanId = readers.ours.id
  const story = async (name: keyof typeof slugs, access: 'everyone' | 'registered' | 'members') => {
    const row = await insertArticle({ slug: `kept-${name}`, title: `Kept ${name}`, content: BODY })
    await getDb()
      .update(articles)
      .set({ access, accessPlanIds: access === 'members' ? [ourPlanId] : [] })
      .where(eq(articles.id, row.id))
    slugs[name] = row.slug
  }
  await story('members', 'members')
  await story('other', 'members')
  await story('registered', 'registered')
  await story('free', 'everyone')
  announceChanged([EVERYTHING])
})

afterAll(async () => {
  await setMeter('off')
  stopListening?.()
  await server?.close()
})

const FULL: Record<'members' | 'registered' | 'free', readonly ReaderKind[]> = {
  members: ['member', 'staff'],
  registered: ['registered', 'member', 'otherMember', 'lapsed', 'staff'],
  free: READER_KINDS,
}

describe('a story read again and again by every kind of reader', () => {
  for (const story of ['members', 'registered', 'free'] as const) {
    for (const reader of READER_KINDS) {
      const full = FULL[story].includes(reader)
      it(`${story}, ${reader}: ${full ? 'the whole story' : 'the wall'} every time`, async () => {
        const path = `/article/${slugs[story]}`
        const answers = []
        for (let read = 0; read < 3; read++) answers.push(await get(path, cookies[reader]))
        for (const { response, body } of answers) {
          expect(response.status).toBe(200)
          expect(body).toContain(PREVIEW)
          if (full) expect(body).toContain(SECRET)
          else expect(body).not.toContain(SECRET)
        }
        if (reader !== 'anonymous') {
          // Kept after the first read, and still this reader's alone for any other cache.
          expect(answers.slice(1).map((a) => a.response.headers.get('x-cache'))).toEqual([
            'HIT',
            'HIT',
          ])
          for (const { response } of answers) {
            expect(response.headers.get('cache-control')).toBe('private, no-store')
            expect(response.headers.get('surrogate-key')).toBeNull()
          }
          // The same bytes as drawn: a kept copy is the page, not a part of it.
          expect(answers[2]!.body).toBe(answers[0]!.body)
        }
      })
    }
  }
})

describe('kept copies', () => {
  it('are one per kind of reader: a second member gets the first one’s copy, which names neither', async () => {
    const path = `/article/${slugs.other}`
    const first = await get(path, cookies.member)
    expect(first.response.headers.get('x-cache')).toBeNull()
    const another = await memberSession(ourPlanId)
    const second = await get(path, another)
    expect(second.response.headers.get('x-cache')).toBe('HIT')
    expect(second.body).toBe(first.body)
    expect(second.body).toContain(SECRET)
    // The header offers the profile, never the account's address or id.
    expect(second.body).toContain('href="/profile"')
    expect(second.body).not.toMatch(/\\"(?:email|username)\\"/)
  })

  it('stop at once for a member whose entitlement ends: the next read is the wall', async () => {
    const cookie = await memberSession(ourPlanId)
    const path = `/article/${slugs.members}`
    expect((await get(path, cookie)).body).toContain(SECRET)
    expect((await get(path, cookie)).response.headers.get('x-cache')).toBe('HIT')
    const token = /session_token=([^.;]+)/.exec(cookie)![1]!
    const [session] = await getDb()
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.token, decodeURIComponent(token)))
    await getDb()
      .update(entitlements)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(entitlements.userId, session!.userId))
    const after = await get(path, cookie)
    expect(after.body).not.toContain(SECRET)
    expect(after.body).toContain('Subscribe to keep reading')
  })

  it('are not used for a session the app must look at (activity to note) or a toast to show', async () => {
    const cookie = await memberSession(ourPlanId)
    const path = `/article/${slugs.members}`
    await get(path, cookie)
    expect((await get(path, cookie)).response.headers.get('x-cache')).toBe('HIT')
    // Unused for two hours: the app draws it (and notes the activity), then it is kept again.
    const token = decodeURIComponent(/session_token=([^.;]+)/.exec(cookie)![1]!)
    await getDb()
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(sessions.token, token))
    const drawn = await get(path, cookie)
    expect(drawn.response.headers.get('x-cache')).toBeNull()
    expect(drawn.body).toContain(SECRET)
    expect((await get(path, cookie)).response.headers.get('x-cache')).toBe('HIT')
    const toast = (await createToastHeaders({ title: 'Saved' })).get('set-cookie')!.split(';')[0]!
    const withToast = await get(path, `${cookie}; ${toast}`)
    expect(withToast.response.headers.get('x-cache')).toBeNull()
    expect(withToast.body).toContain('Saved')
  })

  it('are never given for a forged session cookie', async () => {
    const path = `/article/${slugs.members}`
    const forged = cookies.member!.replace(/session_token=([^.;]+)/, 'session_token=forged$1')
    const answer = await get(path, forged)
    expect(answer.body).not.toContain(SECRET)
    expect(answer.response.headers.get('x-cache')).toBeNull()
  })
})

describe('the meter', () => {
  it('keeps one copy per count, and sends each reader their own cookie', async () => {
    await setMeter('meter')
    const path = `/article/${slugs.members}`
    // Two new readers: each the story in full, counted in their own cookie.
    const first = await get(path, null)
    const second = await get(path, null)
    expect(second.response.headers.get('x-cache')).toBe('HIT')
    for (const { body, response } of [first, second]) {
      expect(body).toContain(SECRET)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      expect(response.headers.get('set-cookie')).toMatch(/^meter=/)
    }
    // A reader whose one free story is spent gets the wall on another story, kept or drawn.
    const meter = first.response.headers.get('set-cookie')!.split(';')[0]!
    for (let read = 0; read < 2; read++) {
      const spent = await get(`/article/${slugs.other}`, meter)
      expect(spent.body).not.toContain(SECRET)
      expect(spent.body).toContain('Subscribe to keep reading')
    }
    // Re-reading the story already counted is free, and changes no cookie.
    const again = await get(path, meter)
    expect(again.body).toContain(SECRET)
    expect(again.response.headers.get('set-cookie')).toBeNull()
    await setMeter('off')
  })
})
