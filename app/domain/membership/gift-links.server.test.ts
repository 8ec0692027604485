import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, giftLinks, siteSettings } from '@db/schema/index'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import type { ArticleGate, Reader } from './access-level'
import { articleAccessFor, type StoryGate } from './article-read.server'
import {
  createGiftLink,
  GIFT_EXPIRED_NOTE,
  GiftLinkError,
  giftToken,
  openGiftLink,
  readGiftToken,
} from './gift-links.server'

/*
 * Gift links (issue 38) on a fixed clock in Paris (UTC+1 in winter): made by a member through a
 * plan, 10 a calendar month in the site's zone, valid 30 days; a forged, tampered, unknown or
 * expired link opens nothing; each open is counted.
 */

const PARIS = 'Europe/Paris'
const NOW = new Date('2026-11-20T10:00:00Z')
const PLAN = 7

let story: StoryGate & ArticleGate
let other: StoryGate
let member: Reader
let memberId: string

async function reject(promise: Promise<unknown>): Promise<GiftLinkError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(GiftLinkError)
  return error as GiftLinkError
}

function gate(id: number, slug: string): StoryGate {
  return {
    id,
    slug,
    categoryId: null,
    access: 'members',
    accessPlanIds: [],
    freeForNow: false,
    previewParagraphs: null,
  }
}

beforeAll(async () => {
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, timeZone: PARIS })
    .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: PARIS, meterMode: 'off' } })
  const a = await insertArticle({ slug: 'gifted' })
  const b = await insertArticle({ slug: 'not-gifted' })
  await getDb().update(articles).set({ access: 'members' })
  announceChanged([EVERYTHING])
  story = gate(a.id, a.slug)
  other = gate(b.id, b.slug)
  memberId = (await createTestUser()).id
  member = { kind: 'account', id: memberId, role: 'viewer', planIds: [PLAN] }
})

const request = (path: string) => new Request(`http://localhost:3000${path}`)

describe('making a gift link', () => {
  it('is for members through a plan, of a members story', async () => {
    const registered: Reader = { kind: 'account', id: memberId, role: 'viewer', planIds: [] }
    expect((await reject(createGiftLink(story, registered, PARIS, NOW))).code).toBe('NOT_A_MEMBER')
    expect((await reject(createGiftLink(story, { kind: 'anonymous' }, PARIS, NOW))).code).toBe(
      'NOT_A_MEMBER',
    )
    const free = { ...story, freeForNow: true }
    expect((await reject(createGiftLink(free, member, PARIS, NOW))).code).toBe('NOT_GIFTABLE')
  })

  it('opens the story in full for whoever follows it, and counts each open', async () => {
    const link = await createGiftLink(story, member, PARIS, NOW)
    expect(link.path).toBe(`/article/gifted?gift=${link.token}`)
    expect(link.expiresAt).toEqual(new Date('2026-12-20T10:00:00Z'))
    // The page counts an open (count: true), its other channels do not.
    const access = await articleAccessFor(story, request(link.path), { now: NOW, count: true })
    expect(access.read).toMatchObject({ gated: true, full: true, personal: true })
    expect(access.giftHref).toBeNull()
    await articleAccessFor(story, request(link.path), { now: NOW, count: true })
    expect((await articleAccessFor(story, request(link.path), { now: NOW })).read.full).toBe(true)
    const [row] = await getDb()
      .select({ opens: giftLinks.opens })
      .from(giftLinks)
      .where(eq(giftLinks.id, readGiftToken(link.token)!.id))
    expect(row.opens).toBe(2)
    // The link is for this story only.
    expect(await openGiftLink(link.token, other.id, NOW)).toBe('invalid')
    const elsewhere = await articleAccessFor(
      other,
      request(`/article/not-gifted?gift=${link.token}`),
      {
        now: NOW,
      },
    )
    expect(elsewhere.read.full).toBe(false)
    expect(elsewhere.wall?.note).toBeNull()
  })

  it('opens nothing once expired: the wall, with a note', async () => {
    const link = await createGiftLink(story, member, PARIS, NOW)
    const later = new Date('2026-12-20T10:00:01Z')
    expect(await openGiftLink(link.token, story.id, later)).toBe('expired')
    const access = await articleAccessFor(story, request(link.path), { now: later })
    expect(access.read).toMatchObject({ full: false, personal: true })
    expect(access.wall).toMatchObject({ kind: 'subscribe', note: GIFT_EXPIRED_NOTE })
  })

  it('opens nothing for a forged or tampered token, or one naming no row', async () => {
    const link = await createGiftLink(story, member, PARIS, NOW)
    const { id, expiresAt } = readGiftToken(link.token)!
    const [idPart, expiryPart, signature] = link.token.split('.')
    const forged = [
      `${(id + 1).toString(36)}.${expiryPart}.${signature}`,
      `${idPart}.${(Math.floor(expiresAt.getTime() / 1000) + 86_400).toString(36)}.${signature}`,
      `${idPart}.${expiryPart}.AAAAAAAAAAAAAAAAAAAAAA`,
      'not-a-token',
      // Correctly signed, but no such row.
      giftToken(999_999, expiresAt),
    ]
    for (const token of forged) {
      expect(await openGiftLink(token, story.id, NOW), token).toBe('invalid')
      const access = await articleAccessFor(story, request(`/article/gifted?gift=${token}`), {
        now: NOW,
      })
      expect(access.read.full, token).toBe(false)
      expect(access.wall?.note, token).toBeNull()
    }
  })

  it('refuses the 11th link of a calendar month in the site’s zone, and allows it the next month', async () => {
    const user = (await createTestUser()).id
    const giver: Reader = { kind: 'account', id: user, role: 'viewer', planIds: [PLAN] }
    // The last minute of November in Paris.
    const lateNovember = new Date('2026-11-30T22:59:00Z')
    for (let i = 0; i < 10; i++) await createGiftLink(story, giver, PARIS, lateNovember)
    const refused = await reject(createGiftLink(story, giver, PARIS, lateNovember))
    expect(refused.code).toBe('MONTHLY_LIMIT')
    expect(refused.status).toBe(429)
    expect(refused.message).toContain('10 gift links this month')
    // The first minute of December in Paris (still November in UTC).
    const link = await createGiftLink(story, giver, PARIS, new Date('2026-11-30T23:00:00Z'))
    expect(link.left).toBe(9)
  })
})
