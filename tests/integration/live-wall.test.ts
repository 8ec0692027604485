import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, giftLinks, plans, sessions } from '@db/schema/index'
import { postEntry, startCoverage } from '~/domain/live/live.server'
import { createGiftLink } from '~/domain/membership/gift-links.server'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { createTestUser, sessionCookie } from '../setup/auth-fixtures'
import { insertArticle, insertStaff } from '../setup/content-fixtures'
import { memberSession, readAs } from '../setup/reader-fixtures'

/*
 * A members story that is live (issue 38): its entries are its text too. A reader without
 * access gets none of them — not on the page, not from its updates (/api/live/{id}), not on an
 * entry's share address — and a member gets them privately, kept by no shared cache.
 */

const ENTRY = 'the wombat minister resigned live on air'
const STANDFIRST = 'Results from the count as they come in.'

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let memberCookie = ''
let viewerCookie = ''
let articleId = 0
let slug = ''
let entryId = 0
let planId = 0
let memberId = ''

beforeAll(async () => {
  server = await startTestServer({ pageCache })
  const [plan] = await getDb()
    .insert(plans)
    .values({ slug: 'live-plan', name: 'Live plan', monthlyPriceCents: 500 })
    .returning()
  memberCookie = await memberSession(plan.id)
  planId = plan.id
  const token = decodeURIComponent(/session_token=([^.;]+)/.exec(memberCookie)![1]!)
  const [session] = await getDb()
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.token, token))
  memberId = session!.userId
  viewerCookie = await sessionCookie(await createTestUser())
  const article = await insertArticle({ title: 'Count night', excerpt: STANDFIRST })
  await getDb().update(articles).set({ access: 'members' }).where(eq(articles.id, article.id))
  announceChanged([EVERYTHING])
  const editor = await insertStaff()
  await startCoverage(article.id)
  const entry = await postEntry(
    article.id,
    { headline: '', content: `<p>Breaking: ${ENTRY}.</p>`, isKeyEvent: true },
    editor,
    { publish: true },
  )
  articleId = article.id
  slug = article.slug
  entryId = entry.id
})

afterAll(() => server?.close())

const get = (path: string, cookie?: string) => readAs(server, pageCache, path, cookie ?? null)

describe('a live members story', () => {
  it('sends its entries to no reader without access: page, data, updates, share address', async () => {
    for (const cookie of [undefined, viewerCookie]) {
      for (const path of [`/article/${slug}`, `/article/${slug}.data`]) {
        const { response, body } = await get(path, cookie)
        expect(response.status, path).toBe(200)
        expect(body, path).not.toContain(ENTRY)
        expect(body, path).toContain('Subscribe to keep reading')
      }
      const updates = await get(`/api/live/${articleId}?since=0`, cookie)
      expect(updates.response.status).toBe(403)
      expect(updates.body).not.toContain(ENTRY)
      expect(updates.response.headers.get('cache-control')).toBe('private, no-store')
      const share = await get(`/article/${slug}/entry/${entryId}`, cookie)
      expect(share.response.status).toBe(200)
      expect(share.body).not.toContain(ENTRY)
      expect(share.body).toContain(STANDFIRST)
    }
  })

  it('sends them to a member, privately', async () => {
    const page = await get(`/article/${slug}`, memberCookie)
    expect(page.body).toContain(ENTRY)
    const updates = await get(`/api/live/${articleId}?since=0`, memberCookie)
    expect(updates.response.status).toBe(200)
    expect(updates.body).toContain(ENTRY)
    expect(updates.response.headers.get('cache-control')).toBe('private, no-store')
    expect(updates.response.headers.get('surrogate-key')).toBeNull()
    const share = await get(`/article/${slug}/entry/${entryId}`, memberCookie)
    expect(share.body).toContain(ENTRY)
    expect(share.response.headers.get('cache-control')).toBe('private, no-store')
    // The anonymous answers stay what they were: nothing a member was sent was kept for them.
    expect((await get(`/api/live/${articleId}?since=0`)).body).not.toContain(ENTRY)
    expect((await get(`/article/${slug}/entry/${entryId}`)).body).not.toContain(ENTRY)
  })
})

describe('a gift link to a live members story', () => {
  it('opens its updates too, for whoever follows it, counting one open for the page alone', async () => {
    const member = {
      kind: 'account' as const,
      id: memberId,
      role: 'viewer' as const,
      planIds: [planId],
    }
    const link = await createGiftLink(
      { id: articleId, slug, access: 'members', accessPlanIds: [], freeForNow: false },
      member,
      'UTC',
    )
    const token = new URL(link.path, 'http://x').searchParams.get('gift')!
    const page = await get(link.path)
    expect(page.body).toContain(ENTRY)
    // The page's live updates pass the link on (components/site/live-updates.tsx).
    for (let poll = 0; poll < 3; poll++) {
      const updates = await get(`/api/live/${articleId}?since=0&gift=${encodeURIComponent(token)}`)
      expect(updates.response.status).toBe(200)
      expect(updates.body).toContain(ENTRY)
      expect(updates.response.headers.get('cache-control')).toBe('private, no-store')
    }
    const [row] = await getDb()
      .select({ opens: giftLinks.opens })
      .from(giftLinks)
      .where(eq(giftLinks.articleId, articleId))
    expect(row!.opens).toBe(1)
    // A made-up link opens nothing, and nothing given to the gift reader was kept for others.
    const forged = await get(`/api/live/${articleId}?since=0&gift=${token.slice(0, -2)}xx`)
    expect(forged.response.status).toBe(403)
    expect((await get(`/api/live/${articleId}?since=0`)).body).not.toContain(ENTRY)
  })
})
