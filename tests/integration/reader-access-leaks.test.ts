import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, newsletterIssues, newsletterLists, plans, siteSettings } from '@db/schema/index'
import type { AccessLevel } from '~/domain/membership/access-level'
import { createGiftLink } from '~/domain/membership/gift-links.server'
import { sendArticleAlert } from '~/domain/newsletter/alert-send.server'
import { renderIssue } from '~/domain/newsletter/issue-render.server'
import { startIssueSend } from '~/domain/newsletter/issue-send.server'
import { createIntegration } from '~/domain/integrations/integrations.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import { createTestUser } from '../setup/auth-fixtures'
import { insertArticle, insertCategory } from '../setup/content-fixtures'
import {
  createReaders,
  readAs,
  READER_KINDS,
  type ReaderCookies,
  type ReaderKind,
} from '../setup/reader-fixtures'

/*
 * The leak suite of reader revenue (issue 38), like the reader-visibility suite: every access
 * level × every reader kind × every channel that shows an article, through the whole server
 * with its page cache. Each story's sentence after the preview holds a word of its own (its
 * "leak" word), which no title, standfirst or preview holds: it must be absent wherever access
 * is missing, and present where access is given on the channels that carry the full text.
 *
 * - The article page and its `.data` answer: the full text for a reader with access (decideRead),
 *   the preview and the wall for anyone else.
 * - RSS, the listings (home, section, `.data`), the news sitemap and newsletters carry a
 *   story's title, standfirst and link, never its body: the leak word is in none of them, for
 *   anyone, whatever the level.
 * - Search (the page, its `.data`, the API) answers every reader alike (cached and shared), so
 *   it reads every story as an anonymous reader: a story open to everyone is found by a word of
 *   its body and quoted, a gated one by neither, whoever asks (domain/search/README.md). Staff
 *   search the back office, not this.
 * - The Content API (docs/content-api.md) gives a gated story's preview to every key, whoever's
 *   cookie comes along, and its full text only to an integration marked "full text"; its
 *   newsletter issues carry what the mails carry, to every key.
 * The e-paper has its own file (reader-access-leaks-editions.test.ts).
 */

interface Level {
  access: AccessLevel
  /** Opened by the member's plan only; else any plan. */
  ourPlan?: boolean
  freeForNow?: boolean
  /** Who reads it in full on its page. */
  full: readonly ReaderKind[]
  /** Letters of its own: its title word, search word and leak word are made of them. */
  tag: string
}

const LEVELS: Record<string, Level> = {
  everyone: { access: 'everyone', full: READER_KINDS, tag: 'ev' },
  registered: {
    access: 'registered',
    full: ['registered', 'otherMember', 'member', 'lapsed', 'staff'],
    tag: 're',
  },
  'members-any-plan': {
    access: 'members',
    full: ['otherMember', 'member', 'staff'],
    tag: 'an',
  },
  'members-of-a-plan': { access: 'members', ourPlan: true, full: ['member', 'staff'], tag: 'pl' },
  'members-free-for-now': {
    access: 'members',
    ourPlan: true,
    freeForNow: true,
    full: READER_KINDS,
    tag: 'ff',
  },
}
type LevelName = keyof typeof LEVELS

/** A story that is open to everyone: the channels that serve every reader alike show it whole. */
const openToAll = (level: Level) => level.access === 'everyone' || level.freeForNow === true

// Made-up words the English dictionary leaves as they are, one set per story.
const titleWord = (level: Level) => `okapi${level.tag}title`
const searchWord = (level: Level) => `okapi${level.tag}query`
const leakWord = (level: Level) => `okapi${level.tag}leak`
const PREVIEW = 'The harbour board met on Tuesday evening'

function bodyOf(level: Level) {
  return (
    `<p>${PREVIEW}.</p><p>Second paragraph of the preview.</p><p>Third paragraph of it.</p>` +
    `<p>Behind the wall, the ${searchWord(level)} committee signed the ${leakWord(level)} accord at midnight.</p>` +
    '<p>Last words.</p>'
  )
}

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let cookies: ReaderCookies
const slugs = {} as Record<LevelName, string>
const ids = {} as Record<LevelName, number>
let section = ''
/** Content API keys: a partner's, and a "full text" integration's (the paper's own app). */
let partnerKey = ''
let fullTextKey = ''

beforeAll(async () => {
  server = await startTestServer({ pageCache })
  const readers = await createReaders(
    { slug: 'leak-supporter', name: 'Supporter', monthlyPriceCents: 750 },
    { slug: 'leak-patron', name: 'Patron', monthlyPriceCents: 2000 },
  )
  const { ours } = readers
  cookies = readers.cookies
  const category = await insertCategory({ name: 'Okapi affairs', slug: 'okapi-affairs' })
  section = category.slug
  for (const [name, level] of Object.entries(LEVELS)) {
    const row = await insertArticle({
      slug: `okapi-story-${name}`,
      title: `The ${titleWord(level)} story`,
      excerpt: `A standfirst about ${titleWord(level)}.`,
      content: bodyOf(level),
      categoryId: category.id,
      isFeatured: true,
    })
    await getDb()
      .update(articles)
      .set({
        access: level.access,
        accessPlanIds: level.ourPlan ? [ours.id] : [],
        freeForNow: level.freeForNow ?? false,
      })
      .where(eq(articles.id, row.id))
    slugs[name] = row.slug
    ids[name] = row.id
  }
  partnerKey = (await createIntegration({ name: 'Partner', fullText: false, createdBy: null })).key
  fullTextKey = (await createIntegration({ name: 'Our app', fullText: true, createdBy: null })).key
  announceChanged([EVERYTHING])
})

afterAll(() => server?.close())

async function get(path: string, reader: ReaderKind) {
  const { response, body } = await readAs(server, pageCache, path, cookies[reader])
  return { status: response.status, body, cacheControl: response.headers.get('cache-control') }
}

/** The channels that never carry a story's body, for anyone: title and link at most. */
const TEASER_CHANNELS = () => [
  '/rss.xml',
  `/category/${section}/rss.xml`,
  '/news-sitemap.xml',
  '/',
  '/_.data',
  `/category/${section}`,
  `/category/${section}.data`,
]

/** The places search answers, for a query. */
const SEARCH_CHANNELS = (query: string) => [
  `/search?q=${query}`,
  `/search.data?q=${query}`,
  `/api/search?q=${query}`,
]

describe.each(READER_KINDS)('as %s', (reader) => {
  describe.each(Object.keys(LEVELS))('a story for %s', (name) => {
    const level = LEVELS[name]

    it(`its page and .data carry the text after the preview only with access`, async () => {
      const full = level.full.includes(reader)
      for (const path of [`/article/${slugs[name]}`, `/article/${slugs[name]}.data`]) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body, path).toContain(PREVIEW)
        expect(body.includes(leakWord(level)), path).toBe(full)
      }
    })

    it('RSS, the listings and the news sitemap name it and never carry its body', async () => {
      const leaked: string[] = []
      for (const path of TEASER_CHANNELS()) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        // The control: the story is there (so a place that shows nothing cannot pass).
        expect(body, path).toContain(titleWord(level))
        if (body.includes(leakWord(level))) leaked.push(path)
      }
      expect(leaked).toEqual([])
    })

    it('search finds it by title for anyone, by its body and quoting it only when open to all', async () => {
      for (const path of SEARCH_CHANNELS(titleWord(level))) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body, path).toContain(`The ${titleWord(level)} story`)
        if (!openToAll(level)) expect(body, path).not.toContain(leakWord(level))
      }
      for (const path of SEARCH_CHANNELS(searchWord(level))) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body.includes(`The ${titleWord(level)} story`), path).toBe(openToAll(level))
        expect(body.includes(leakWord(level)), path).toBe(openToAll(level))
      }
    })

    it('the Content API gives its body whole only when open to all, or to a full-text integration', async () => {
      // Whoever's cookie comes along: the API reads the key, never the session.
      const { status, body } = await get(
        `/api/content/v1/articles/${slugs[name]}?key=${partnerKey}`,
        reader,
      )
      expect(status).toBe(200)
      expect(body).toContain(PREVIEW)
      expect(body.includes(leakWord(level))).toBe(openToAll(level))
      const list = await get(`/api/content/v1/articles?key=${partnerKey}`, reader)
      expect(list.body).toContain(titleWord(level))
      expect(list.body).not.toContain(leakWord(level))
      const app = await get(`/api/content/v1/articles/${slugs[name]}?key=${fullTextKey}`, reader)
      expect(app.body).toContain(leakWord(level))
      if (!openToAll(level)) expect(app.cacheControl).toBe('private, no-store')
    })
  })
})

describe('newsletters', () => {
  it('mail every story as its title, standfirst and link, and the body of none', async () => {
    const db = getDb()
    const [list] = await db
      .insert(newsletterLists)
      .values({ slug: 'okapi-edition', name: 'Okapi edition', kind: 'edition' })
      .returning()
    const names = Object.keys(LEVELS)
    const [issue] = await db
      .insert(newsletterIssues)
      .values({
        listId: list.id,
        status: 'draft',
        subject: 'The okapi edition',
        articleIds: names.map((name) => ids[name]),
      })
      .returning()
    // Before the send: the preview of the issue, a fresh rendering.
    const preview = await renderIssue(issue.id)
    // No subscriber: the send starts and ends at once, its mail frozen as every reader gets it.
    await startIssueSend(issue.id)
    const [frozen] = await db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issue.id))
    const mails = {
      'preview html': preview.html,
      'preview text': preview.text,
      'sent html': frozen.html ?? '',
      'sent text': frozen.text ?? '',
    }
    for (const [part, content] of Object.entries(mails)) {
      for (const name of names) {
        const level = LEVELS[name]
        expect(content, `${part}: ${name}`).toContain(titleWord(level))
        expect(content, `${part}: ${name}`).toContain(`A standfirst about ${titleWord(level)}.`)
        expect(content, `${part}: ${name}`).not.toContain(leakWord(level))
        expect(content, `${part}: ${name}`).not.toContain(PREVIEW)
      }
    }
    // The web copy, for every reader (a member gets the same: no mail is written per reader).
    for (const reader of READER_KINDS) {
      const { status, body } = await get(`/newsletters/${list.slug}/${issue.id}`, reader)
      expect(status, reader).toBe(200)
      for (const name of names) {
        expect(body, `${reader}: ${name}`).toContain(titleWord(LEVELS[name]))
        expect(body, `${reader}: ${name}`).not.toContain(leakWord(LEVELS[name]))
      }
    }
    // The Content API's copy of the same issue, and the archive's list of issues.
    for (const path of [
      `/api/content/v1/newsletter-issues/${issue.id}?key=${partnerKey}`,
      `/api/content/v1/newsletter-issues/${issue.id}?key=${fullTextKey}`,
      `/api/content/v1/newsletter-issues?key=${partnerKey}`,
    ]) {
      const { status, body } = await get(path, 'member')
      expect(status, path).toBe(200)
      expect(body, path).toContain('The okapi edition')
      for (const name of names) {
        if (!path.includes('newsletter-issues?')) {
          expect(body, `${path}: ${name}`).toContain(titleWord(LEVELS[name]))
        }
        expect(body, `${path}: ${name}`).not.toContain(leakWord(LEVELS[name]))
      }
    }
  })

  it('alert a members story with its title, standfirst and link only', async () => {
    const db = getDb()
    const [list] = await db
      .insert(newsletterLists)
      .values({ slug: 'okapi-alerts', name: 'Okapi alerts', kind: 'alert' })
      .returning()
    const level = LEVELS['members-of-a-plan']
    const { issueId } = await sendArticleAlert({
      articleId: ids['members-of-a-plan'],
      listId: list.id,
    })
    const [sent] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId))
    for (const content of [sent.html ?? '', sent.text ?? '']) {
      expect(content).toContain(titleWord(level))
      // The link: the story's address, or the site's counted redirect to it (issue 36).
      expect(content).toMatch(new RegExp(`/article/${slugs['members-of-a-plan']}|/n/c/`))
      expect(content).not.toContain(leakWord(level))
      expect(content).not.toContain(PREVIEW)
    }
  })
})

/*
 * The meter and gift links (decision 0045): what they open, they open on the article page
 * alone, privately, for the one reader; no shared channel and no other reader gets more.
 */
describe('the meter and gift links', () => {
  async function setMeter(meterMode: 'off' | 'meter') {
    const values = { id: 1, meterMode, meterAnonymousLimit: 1, meterRegisteredLimit: 1 }
    await getDb()
      .insert(siteSettings)
      .values(values)
      .onConflictDoUpdate({ target: siteSettings.id, set: values })
    announceChanged([EVERYTHING])
    // The server's page cache hears every announced change (server/start.ts); this test's own
    // is told here, or the stored preview of a story read earlier in the file would answer.
    pageCache.invalidate(new Set([EVERYTHING]))
  }

  const fetchAs = (path: string, cookie: string | null) => readAs(server, pageCache, path, cookie)

  it('the meter opens a members story on its page only, private; registered stories, the shared channels and a spent meter stay shut', async () => {
    await setMeter('meter')
    try {
      const gated = ['members-any-plan', 'members-of-a-plan'] as const
      for (const name of gated) {
        const level = LEVELS[name]
        // A new anonymous reader: the meter's one free story, privately, with its cookie.
        const first = await fetchAs(`/article/${slugs[name]}`, null)
        expect(first.body, name).toContain(leakWord(level))
        expect(first.response.headers.get('cache-control'), name).toBe('private, no-store')
        const meter = /meter=[^;]+/.exec(first.response.headers.get('set-cookie') ?? '')?.[0]
        expect(meter, name).toBeDefined()
        // The same reader's meter is spent for the other story, on its page and .data.
        const other = gated.find((n) => n !== name)!
        for (const path of [`/article/${slugs[other]}`, `/article/${slugs[other]}.data`]) {
          const spent = await fetchAs(path, meter!)
          expect(spent.body, path).not.toContain(leakWord(LEVELS[other]))
          expect(spent.response.headers.get('cache-control'), path).toBe('private, no-store')
        }
        for (const path of [...TEASER_CHANNELS(), ...SEARCH_CHANNELS(searchWord(level))]) {
          expect((await fetchAs(path, meter!)).body, path).not.toContain(leakWord(level))
        }
      }
      // The meter does not open a story for registered readers.
      const registered = await fetchAs(`/article/${slugs.registered}`, null)
      expect(registered.body).not.toContain(leakWord(LEVELS.registered))
    } finally {
      await setMeter('off')
    }
  })

  it('a gift link opens its story for whoever follows it, privately, and nothing else', async () => {
    const memberId = (await createTestUser()).id
    const [plan] = await getDb().select().from(plans).where(eq(plans.slug, 'leak-supporter'))
    const name = 'members-of-a-plan'
    const level = LEVELS[name]
    const story = { ...level, id: ids[name], slug: slugs[name], accessPlanIds: [plan.id] }
    const link = await createGiftLink(
      { ...story, freeForNow: false },
      { kind: 'account', id: memberId, role: 'viewer', planIds: [plan.id] },
      'UTC',
    )
    // The stored preview first, so that a cache answering the gift with it would show.
    await fetchAs(`/article/${slugs[name]}`, null)
    const gifted = await fetchAs(link.path, null)
    expect(gifted.body).toContain(leakWord(level))
    expect(gifted.response.headers.get('cache-control')).toBe('private, no-store')
    expect(gifted.response.headers.get('x-cache')).toBeNull()
    for (const path of [`/article/${slugs[name]}`, `/article/${slugs[name]}.data`]) {
      expect((await fetchAs(path, null)).body, path).not.toContain(leakWord(level))
    }
    // The token opens no other story.
    const other = `/article/${slugs['members-any-plan']}?gift=${link.token}`
    expect((await fetchAs(other, null)).body).not.toContain(leakWord(LEVELS['members-any-plan']))
  })
})
