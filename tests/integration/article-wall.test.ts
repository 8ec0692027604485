import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import type { AccessLevel } from '~/domain/membership/access-level'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { insertArticle } from '../setup/content-fixtures'
import {
  createReaders,
  readAs,
  READER_KINDS,
  type ReaderCookies,
  type ReaderKind,
} from '../setup/reader-fixtures'

/*
 * The article page behind its gate (issue 38), through the whole server: every reader kind ×
 * every access level. The sentence after the preview is in the page and its `.data` answer for
 * a reader with access, and in neither for one without, who gets the preview and the wall. The
 * page cache keeps the anonymous page (preview and wall) and never a member's full text.
 */

const PREVIEW = 'The council met on Tuesday evening'
const SECRET = 'the quokka consortium signed the harbour deal at midnight'
const BODY =
  `<p>${PREVIEW}.</p><p>Second paragraph of the preview.</p><p>Third paragraph of the preview.</p>` +
  `<p>Behind the wall, ${SECRET}.</p><p>Last words.</p>`

interface Level {
  access: AccessLevel
  /** The plans that open it: 'ours' (the member's plan) or none (any plan). */
  plan?: 'ours'
  freeForNow?: boolean
  /** Who reads it in full. */
  full: readonly ReaderKind[]
}

const LEVELS: Record<string, Level> = {
  everyone: { access: 'everyone', full: READER_KINDS },
  registered: {
    access: 'registered',
    full: ['registered', 'member', 'otherMember', 'lapsed', 'staff'],
  },
  'members-any-plan': { access: 'members', full: ['member', 'otherMember', 'staff'] },
  'members-our-plan': { access: 'members', plan: 'ours', full: ['member', 'staff'] },
  'members-free-for-now': { access: 'members', plan: 'ours', freeForNow: true, full: READER_KINDS },
}

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let cookies: ReaderCookies
const slugs = {} as Record<string, string>

beforeAll(async () => {
  server = await startTestServer({ pageCache })
  const readers = await createReaders(
    { slug: 'supporter', name: 'Supporter', monthlyPriceCents: 750, yearlyPriceCents: 7500 },
    { slug: 'patron', name: 'Patron', description: 'For friends', monthlyPriceCents: 2000 },
    // Here the member of our plan holds no end date, and the other member's runs out tomorrow.
    { memberEndsTomorrow: false },
  )
  const { ours } = readers
  cookies = readers.cookies
  for (const [name, level] of Object.entries(LEVELS)) {
    const row = await insertArticle({
      slug: `story-${name}`,
      title: `Story ${name}`,
      content: BODY,
    })
    await getDb()
      .update(articles)
      .set({
        access: level.access,
        accessPlanIds: level.plan === 'ours' ? [ours.id] : [],
        freeForNow: level.freeForNow ?? false,
      })
      .where(eq(articles.id, row.id))
    slugs[name] = row.slug
  }
  announceChanged([EVERYTHING])
})

afterAll(() => server?.close())

const get = (path: string, reader: ReaderKind) => readAs(server, pageCache, path, cookies[reader])

describe('the article page for each reader and level', () => {
  for (const [name, level] of Object.entries(LEVELS)) {
    for (const reader of READER_KINDS) {
      const full = level.full.includes(reader)
      it(`${name}, ${reader}: ${full ? 'the whole story' : 'the preview and the wall'}`, async () => {
        for (const path of [`/article/${slugs[name]}`, `/article/${slugs[name]}.data`]) {
          const { response, body } = await get(path, reader)
          expect(response.status, path).toBe(200)
          expect(body, path).toContain(PREVIEW)
          if (full) {
            expect(body, path).toContain(SECRET)
            expect(body, path).toContain('Last words.')
          } else {
            expect(body, path).not.toContain(SECRET)
            expect(body, path).not.toContain('Last words.')
            expect(body, path).toContain(
              level.access === 'registered'
                ? 'Sign in or create a free account to keep reading'
                : 'Subscribe to keep reading',
            )
          }
          const gatedFull = full && level.access !== 'everyone' && !level.freeForNow
          if (gatedFull || reader !== 'anonymous') {
            // A full text behind a gate, and anything for a signed-in reader: no shared cache.
            expect(response.headers.get('cache-control'), path).toBe('private, no-store')
            expect(response.headers.get('surrogate-key'), path).toBeNull()
          }
        }
      })
    }
  }
})

describe('the wall', () => {
  it('links to sign-in and sign-up with the way back', async () => {
    const { body } = await get(`/article/${slugs.registered}`, 'anonymous')
    const back = encodeURIComponent(`/article/${slugs.registered}`)
    expect(body).toContain(`href="/signin?redirectTo=${back}"`)
    expect(body).toContain(`href="/signup?redirectTo=${back}"`)
    expect(body).toMatch(/<section aria-labelledby="article-wall-heading" class="paywalled-content/)
  })

  it('offers the plans that open the story with their prices, or every visible plan', async () => {
    const ours = (await get(`/article/${slugs['members-our-plan']}`, 'anonymous')).body
    expect(ours).toContain('Supporter')
    expect(ours).toContain('$7.50 a month')
    expect(ours).toContain('$75 a year')
    expect(ours).not.toContain('Patron')
    expect(ours).toContain('href="/subscribe"')
    const any = (await get(`/article/${slugs['members-any-plan']}`, 'registered')).body
    expect(any).toContain('Supporter')
    expect(any).toContain('Patron')
    expect(any).toContain('$20 a month')
    // Signed in already: no "Already a member? Sign in".
    expect(any).not.toContain('Already a member?')
  })
})

describe('JSON-LD of a gated story', () => {
  const jsonLd = (body: string) =>
    JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null',
    ) as Record<string, unknown>

  it('says it is not free and names the gated part, for readers with and without access', async () => {
    for (const reader of ['anonymous', 'member'] as const) {
      const { body } = await get(`/article/${slugs['members-our-plan']}`, reader)
      const data = jsonLd(body)
      expect(data.isAccessibleForFree).toBe(false)
      expect(data.hasPart).toEqual({
        '@type': 'WebPageElement',
        isAccessibleForFree: false,
        cssSelector: '.paywalled-content',
      })
      expect(JSON.stringify(data)).not.toContain(SECRET)
      // The wall for one, the text after the preview for the other.
      expect(/class="[^"]*\bpaywalled-content\b/.test(body)).toBe(true)
    }
  })

  it('says nothing of the kind for a free story', async () => {
    const data = jsonLd((await get(`/article/${slugs.everyone}`, 'anonymous')).body)
    expect(data.isAccessibleForFree).toBeUndefined()
    expect(data.hasPart).toBeUndefined()
  })
})

describe('the page cache', () => {
  it('keeps the anonymous page of a gated story, the preview and the wall, and never the full text', async () => {
    const path = `/article/${slugs['members-any-plan']}`
    const first = await get(path, 'anonymous')
    expect(first.response.headers.get('cache-control')).toContain('public')
    expect(first.response.headers.get('surrogate-key')).toMatch(/\barticle:\d+\b/)
    const second = await get(path, 'anonymous')
    expect(second.response.headers.get('x-cache')).toBe('HIT')
    expect(second.body).toContain('Subscribe to keep reading')
    expect(second.body).not.toContain(SECRET)
    // A member is drawn the full text, private, and the stored page stays the anonymous one.
    const full = await get(path, 'member')
    expect(full.response.headers.get('x-cache')).toBeNull()
    expect(full.body).toContain(SECRET)
    expect(full.response.headers.get('cache-control')).toBe('private, no-store')
    const third = await get(path, 'anonymous')
    expect(third.response.headers.get('x-cache')).toBe('HIT')
    expect(third.body).not.toContain(SECRET)
  })
})
